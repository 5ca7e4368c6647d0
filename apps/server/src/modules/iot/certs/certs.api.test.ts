import { createPublicKey, X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp } from '../testing/iot-fixtures.ts';
import { makeCsr } from './testing/csr.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const certs = (id: string) => `/iot/v2/devices/${id}/certs`;

describe('device certificates', () => {
  it('signs a request with the device CA: CN = device id, compressed form, list, show, disable, delete', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id);
    const csr = await makeCsr('whatever-the-board-says');
    const created = await f.call(user.id, 'PUT', certs(device.id), {
      ca: 'Arduino_v2',
      csr: csr.pem,
      enabled: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toContain('application/vnd.arduino.devicev2.cert+json');
    const cert = created.json();
    expect(cert).toMatchObject({
      device_id: device.id,
      href: `/iot/v2/devices/${device.id}/certs/${cert.id}`,
      enabled: true,
      ca: 'Arduino_v2',
    });
    const x509 = new X509Certificate(cert.pem);
    expect(x509.subject).toContain(`CN=${device.id}`);
    expect(Buffer.from(cert.der, 'base64').equals(x509.raw)).toBe(true);
    expect(x509.serialNumber.toLowerCase()).toBe(cert.compressed.serial);
    expect(cert.compressed.signature).toBe(
      cert.compressed.signature_asn1_x + cert.compressed.signature_asn1_y,
    );
    expect(cert.compressed.signature_asn1_x).toMatch(/^[0-9a-f]{64}$/);
    expect(cert.compressed.authority_key_identifier).toMatch(/^[0-9a-f]{40}$/);
    expect(new Date(cert.compressed.not_before).getUTCMinutes()).toBe(0);
    expect(x509.publicKey.export({ format: 'der', type: 'spki' })).toEqual(
      createPublicKey(csr.privateKey).export({ format: 'der', type: 'spki' }),
    );

    // A second device's certificate comes from the same CA (one per deployment).
    const other = await f.device(user.id);
    const second = (
      await f.call(user.id, 'PUT', certs(other.id), { csr: (await makeCsr()).pem, enabled: true })
    ).json();
    expect(second.ca).toBe('device-ca');
    expect(second.compressed.authority_key_identifier).toBe(cert.compressed.authority_key_identifier);
    expect(new X509Certificate(second.pem).issuer).toBe(x509.issuer);

    const list = await f.call(user.id, 'GET', certs(device.id));
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([cert.id]);
    expect((await f.call(user.id, 'GET', `${certs(device.id)}/${cert.id}`)).json()).toEqual(cert);

    const off = await f.call(user.id, 'POST', `${certs(device.id)}/${cert.id}`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: cert.id, enabled: false, pem: cert.pem });
    const resigned = await f.call(user.id, 'POST', `${certs(device.id)}/${cert.id}`, {
      csr: (await makeCsr()).pem,
    });
    expect(resigned.json().id).toBe(cert.id);
    expect(resigned.json().compressed.serial).not.toBe(cert.compressed.serial);

    expect((await f.call(user.id, 'DELETE', `${certs(device.id)}/${cert.id}`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `${certs(device.id)}/${cert.id}`)).statusCode).toBe(404);
    expect((await f.call(user.id, 'GET', certs(device.id))).json()).toEqual([]);
  });

  it('refuses bad requests: not PEM, tampered, too long, missing fields, invalid ids', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id);
    const put = (body: unknown) => f.call(user.id, 'PUT', certs(device.id), body);
    const bad = await put({ csr: 'hello', enabled: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(bad.json().detail).toMatch(/PEM certificate request/);
    const csr = await makeCsr();
    const tampered = Buffer.from(csr.der);
    tampered[tampered.length - 3] = (tampered[tampered.length - 3] as number) ^ 0xff;
    const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${tampered.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
    expect((await put({ csr: pem, enabled: true })).statusCode).toBe(400);
    expect((await put({ csr: `${csr.pem}${' '.repeat(1024)}`, enabled: true })).statusCode).toBe(400);
    expect((await put({ csr: csr.pem })).statusCode).toBe(400);
    expect((await f.call(user.id, 'GET', '/iot/v2/devices/nope/certs')).statusCode).toBe(400);
    expect((await f.call(user.id, 'GET', `${certs(device.id)}/nope`)).statusCode).toBe(400);
    expect((await f.call(user.id, 'GET', `${certs(device.id)}/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await f.call(user.id, 'GET', certs(device.id))).json()).toEqual([]);
  });

  it("answers 404 for another user's or another space's device and changes nothing", async () => {
    const owner = await t.createUser();
    const outsider = await t.createUser();
    const team = await f.space('pro', [[owner.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    for (const space of [undefined, team.id]) {
      const device = await f.device(owner.id, {}, space);
      const cert = (
        await f.call(
          owner.id,
          'PUT',
          certs(device.id),
          { csr: (await makeCsr()).pem, enabled: true },
          { space },
        )
      ).json();
      const one = `${certs(device.id)}/${cert.id}`;
      for (const [method, url, body] of [
        ['GET', certs(device.id)],
        ['PUT', certs(device.id), { csr: (await makeCsr()).pem, enabled: true }],
        ['GET', one],
        ['POST', one, { enabled: false }],
        ['DELETE', one],
      ] as const) {
        const res = await f.call(outsider.id, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // The owner's own space, named by an outsider, is not theirs either.
      if (space) expect((await f.call(outsider.id, 'GET', one, undefined, { space })).statusCode).toBe(404);
      const list = (await f.call(owner.id, 'GET', certs(device.id), undefined, { space })).json();
      expect(list).toEqual([cert]);
    }
  });

  it("lets a student set a class device's key and add certificates, but removing them is a teacher's (iot.delete)", async () => {
    const teacher = await t.createUser();
    const student = await t.createUser();
    const school = await f.space(
      'edu',
      [
        [teacher.id, 'role:edu-teacher'],
        [student.id, 'role:edu-student'],
      ],
      { planId: 'cloud-classroom' },
    );
    const space = school.id;
    const device = await f.device(teacher.id, { name: 'class-board' }, space);
    const pass = `/iot/v2/devices/${device.id}/pass`;
    const asStudent = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      f.call(student.id, method, url, body, { space });
    const asTeacher = (method: 'GET' | 'DELETE', url: string) =>
      f.call(teacher.id, method, url, undefined, { space });

    // Setting or rotating the key, adding or switching a certificate: writes, a student's too.
    expect((await asStudent('PUT', pass, { password: 'a-class-secret-key' })).statusCode).toBe(200);
    const created = await asStudent('PUT', certs(device.id), { csr: (await makeCsr()).pem, enabled: true });
    expect(created.statusCode).toBe(201);
    const one = `${certs(device.id)}/${created.json().id}`;
    expect((await asStudent('POST', one, { enabled: false })).statusCode).toBe(200);
    // Removing them would lock the class's board out: refused to a student, nothing removed.
    const refusedPass = await asStudent('DELETE', pass);
    expect(refusedPass.statusCode).toBe(403);
    expect(refusedPass.json()).toMatchObject({ status: 403 });
    expect((await asStudent('DELETE', one)).statusCode).toBe(403);
    expect((await asTeacher('GET', pass)).json()).toMatchObject({ set: true });
    expect((await asTeacher('GET', certs(device.id))).json()).toHaveLength(1);
    // The teacher may.
    expect((await asTeacher('DELETE', one)).statusCode).toBe(200);
    expect((await asTeacher('DELETE', pass)).statusCode).toBe(200);
    expect((await asTeacher('GET', certs(device.id))).json()).toEqual([]);
    // Deleting the device itself stays iot.delete, which students lack.
    expect((await asStudent('DELETE', `/iot/v2/devices/${device.id}`)).statusCode).toBe(403);
  });
});
