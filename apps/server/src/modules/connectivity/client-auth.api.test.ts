import { randomUUID, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClientTokens } from '../iot/api-clients/client-tokens.ts';
import { type CertificateLogin, certificateLoginCheck } from '../iot/certs/certificate-logins.ts';
import { makeCsr } from '../iot/certs/testing/csr.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import { createClientAuth } from './client-auth.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';

let t: TestApp;
let f: ReturnType<typeof iotFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = iotFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

/** The real repository and certificate check, recording what each read was asked for. */
function recordedAuth() {
  const repo = createConnectivityRepository(t.db);
  const deviceReads: string[][] = [];
  const certificateReads: CertificateLogin[][] = [];
  const check = certificateLoginCheck(t.db);
  const auth = createClientAuth({
    repo: {
      ...repo,
      devices: (ids) => {
        deviceReads.push(ids);
        return repo.devices(ids);
      },
    },
    tokens: createClientTokens({ db: t.db, issuer: 'http://test.local/iot' }),
    userOfAccessToken: async () => {
      throw new Error('no applications here');
    },
    enabledCertificates: (logins) => {
      certificateReads.push(logins);
      return check(logins);
    },
  });
  return { auth, deviceReads, certificateReads };
}

describe('certificate logins of the same moment', () => {
  it('are read in one statement each, and each login gets its own answer', async () => {
    const user = await t.createUser();
    const issue = async (enabled: boolean) => {
      const device = await f.device(user.id);
      const csr = await makeCsr();
      const res = await f.call(user.id, 'PUT', `/iot/v2/devices/${device.id}/certs`, {
        csr: csr.pem,
        enabled,
      });
      expect(res.statusCode).toBe(201);
      // The serial as the TLS listener reads it off the certificate a device presents.
      const serial = new X509Certificate(res.json().pem as string).serialNumber.toLowerCase();
      return { deviceId: device.id as string, serial };
    };
    const good = await Promise.all([issue(true), issue(true), issue(true), issue(true)]);
    const disabled = await issue(false);
    const deleted = await issue(true);
    await f.call(user.id, 'DELETE', `/iot/v2/devices/${deleted.deviceId}`);
    const [first, second] = good as [CertificateLogin, CertificateLogin, ...CertificateLogin[]];
    const unknown = randomUUID();
    const { auth, deviceReads, certificateReads } = recordedAuth();
    const login = (clientId: string, l: CertificateLogin) =>
      auth.authenticate(clientId, undefined, undefined, { commonName: l.deviceId, serial: l.serial });

    const results = await Promise.all([
      ...good.map((l) => login(l.deviceId, l)),
      login(disabled.deviceId, disabled),
      login(deleted.deviceId, deleted),
      // Another device's serial: that certificate is not this device's.
      login(first.deviceId, { deviceId: first.deviceId, serial: second.serial }),
      // A certificate naming one device, used with another's client id.
      login(first.deviceId, second),
      login(unknown, { deviceId: unknown, serial: 'ab' }),
    ]);

    expect(results.slice(0, 4)).toEqual(
      good.map((l) =>
        expect.objectContaining({ ok: true, identity: { kind: 'device', deviceId: l.deviceId } }),
      ),
    );
    expect(results.slice(4)).toEqual([
      expect.objectContaining({ ok: false, code: 4, reason: 'certificate removed or disabled' }),
      expect.objectContaining({ ok: false, code: 4, reason: 'unknown or deleted device' }),
      expect.objectContaining({ ok: false, code: 4, reason: 'certificate removed or disabled' }),
      expect.objectContaining({ ok: false, code: 2 }),
      expect.objectContaining({ ok: false, code: 4, reason: 'unknown or deleted device' }),
    ]);
    // One read of the devices and one of the certificates for all nine logins (eight certificates: two logins
    // present the same one).
    expect(deviceReads).toHaveLength(1);
    expect(new Set(deviceReads[0])).toEqual(
      new Set([...good, disabled, deleted].map((l) => l.deviceId).concat(unknown)),
    );
    expect(certificateReads).toHaveLength(1);
    expect(certificateReads[0]).toHaveLength(8);
  });
});
