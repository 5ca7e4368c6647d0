import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import { compact } from '../common/schemas.ts';
import type { SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { type CertChanges, type CertRow, createCertsRepository } from './certs.repository.ts';
import type { CertView } from './certs.schemas.ts';
import type { DeviceCaStore } from './device-ca.ts';
import { CsrError, parseCsr, pem } from './x509.ts';

/** More would only be stale keys: a board holds one. */
const MAX_CERTS_PER_DEVICE = 10;
/** The CA recorded when the caller names none. */
const DEFAULT_CA = 'device-ca';

function certView(row: CertRow): CertView {
  const signature = row.signatureR + row.signatureS;
  return compact({
    id: row.id,
    device_id: row.deviceId,
    href: `/iot/v2/devices/${row.deviceId}/certs/${row.id}`,
    enabled: row.enabled,
    ca: row.ca,
    der: row.der.toString('base64'),
    pem: pem('CERTIFICATE', row.der),
    compressed: {
      serial: row.serial,
      not_before: row.notBefore.toISOString(),
      not_after: row.notAfter.toISOString(),
      signature,
      signature_asn1_x: row.signatureR,
      signature_asn1_y: row.signatureS,
      authority_key_identifier: row.authorityKeyId,
    },
  });
}

/**
 * Device certificates (DevicesV2CertsApi): a board's request (CSR) is checked and signed by the deployment's
 * device CA with CN = the device id, whatever the request names, as upstream does.
 */
export function createCertsService(deps: { db: Database; resolve: SpaceResolver; ca: DeviceCaStore }) {
  const devices = createDevicesRepository(deps.db);
  const repo = createCertsRepository(deps.db);

  async function deviceIn(ref: SpaceRequest, id: string, action: 'iot.read' | 'iot.write' | 'iot.delete') {
    const space = await deps.resolve(ref, action);
    const rec = await devices.find(space, id);
    if (!rec) throw notFound('Device');
    return rec.device;
  }

  async function signed(deviceId: string, csrText: string) {
    let spki: Buffer;
    try {
      spki = (await parseCsr(csrText)).spki;
    } catch (err) {
      if (err instanceof CsrError) throw new AppError('bad_request', err.message);
      throw err;
    }
    const ca = await deps.ca.get();
    const cert = await ca.issue(deviceId, spki);
    return {
      der: cert.der,
      serial: cert.serial.toString('hex'),
      authorityKeyId: ca.keyId.toString('hex'),
      signatureR: cert.signatureR.toString('hex'),
      signatureS: cert.signatureS.toString('hex'),
      notBefore: cert.notBefore,
      notAfter: cert.notAfter,
    };
  }

  async function found(deviceId: string, cid: string) {
    const row = await repo.find(deviceId, cid);
    if (!row) throw notFound('Certificate');
    return row;
  }

  return {
    async list(ref: SpaceRequest, id: string) {
      const device = await deviceIn(ref, id, 'iot.read');
      return (await repo.list(device.id)).map(certView);
    },

    async create(ref: SpaceRequest, id: string, body: { ca?: string; csr: string; enabled: boolean }) {
      const device = await deviceIn(ref, id, 'iot.write');
      if ((await repo.count(device.id)) >= MAX_CERTS_PER_DEVICE)
        throw new AppError('bad_request', `A device has at most ${MAX_CERTS_PER_DEVICE} certificates.`);
      const cert = await signed(device.id, body.csr);
      return certView(
        await repo.insert({ deviceId: device.id, ca: body.ca ?? DEFAULT_CA, enabled: body.enabled, ...cert }),
      );
    },

    async show(ref: SpaceRequest, id: string, cid: string) {
      const device = await deviceIn(ref, id, 'iot.read');
      return certView(await found(device.id, cid));
    },

    /** Turns a certificate on or off; a new csr is signed in its place (same id). */
    async update(
      ref: SpaceRequest,
      id: string,
      cid: string,
      body: { ca?: string; csr?: string; enabled?: boolean },
    ) {
      const device = await deviceIn(ref, id, 'iot.write');
      const row = await found(device.id, cid);
      const changes: CertChanges = {};
      if (body.enabled !== undefined) changes.enabled = body.enabled;
      if (body.ca !== undefined) changes.ca = body.ca;
      if (body.csr !== undefined) Object.assign(changes, await signed(device.id, body.csr));
      return certView((await repo.update(row.id, changes)) ?? row);
    },

    /**
     * A certificate is a device credential like its secret key: changing the device (`iot.write`), not deleting
     * it. Whoever may set or replace a credential can lock the board out anyway, so removing one asks no more.
     */
    async remove(ref: SpaceRequest, id: string, cid: string) {
      // A certificate removed locks a certificate board out: a delete-level right, as deleting the device.
      const device = await deviceIn(ref, id, 'iot.delete');
      await repo.remove((await found(device.id, cid)).id);
    },
  };
}
export type CertsService = ReturnType<typeof createCertsService>;
