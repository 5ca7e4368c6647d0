import { randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { instanceHealthSchema } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createLocalCredential } from '../../auth/local-credential.ts';
import { compileJobs, iotExports, users } from '../../db/schema/index.ts';
import { LAST_ERRORS_KEPT } from '../../http/last-errors.ts';
import { publicRoute } from '../../http/route-access.ts';

const REMOTE = '203.0.113.7';
const credential = createLocalCredential();

let t: TestApp;
let operatorId: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp(
    { SMTP_URL: 'smtps://mailer:secret@mail.example.org:465', TELEMETRY_RETENTION_FREE_DAYS: '2' },
    {
      localCredential: credential,
      // A route that fails as a bug would: the ring should name it.
      extraRoutes: (app) =>
        app.get('/test/boom/:n', { config: publicRoute() }, async () => {
          throw new Error('boom for the ring');
        }),
    },
  );
  const op = await t.createUser();
  operatorId = op.id;
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, op.id));
  operator = await t.tokenFor(op.id);
});
afterAll(() => t?.close());

const health = async (token = operator) => {
  const res = await t.app.inject({
    url: '/admin/v1/health',
    remoteAddress: REMOTE,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return instanceHealthSchema.parse(res.json());
};

describe('GET /admin/v1/health', () => {
  it('describes this instance in the contract: database kind and size, retention, broker, mail, TLS', async () => {
    const h = await health();
    expect(h.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(h.database.size_bytes).toBeGreaterThan(0);
    expect(h.telemetry.retention_days).toEqual({ free: 2, entry: 15, maker: 92, 'maker-plus': 366 });
    expect(h.telemetry.points).toBeGreaterThanOrEqual(0);
    expect(h.broker).toEqual({ kind: 'embedded', connections: 0, messages_per_second: 0 });
    // The SMTP URL's credentials never show.
    expect(h.mail).toEqual({ configured: true, transport: 'smtps' });
    expect(h.tls).toEqual({ enabled: false, certificate_expires_at: null });
    expect(Date.parse(h.started_at)).toBeLessThanOrEqual(Date.now());
    expect(h.uptime_s).toBeGreaterThanOrEqual(0);
    expect(h.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('counts what waits: compile jobs queued or running, export links not yet expired', async () => {
    const owner = await t.createUser();
    const job = { ownerUserId: owner.id, userId: owner.id, sketchId: randomUUID(), fqbn: 'arduino:avr:uno' };
    await t.db.insert(compileJobs).values([
      { ...job, status: 'queued' },
      { ...job, status: 'running' },
      { ...job, status: 'succeeded' },
    ]);
    const link = { ownerUserId: owner.id, filename: 'x.csv', contentType: 'text/csv' };
    await t.db.insert(iotExports).values([
      { ...link, expiresAt: new Date(Date.now() + 3_600_000) },
      { ...link, expiresAt: new Date(Date.now() - 1000) },
    ]);
    expect((await health()).queues).toEqual({ webhook_deliveries: 0, exports: 1, compile_jobs: 2 });
  });

  it('lists the last server errors, newest first, with the route pattern, bounded', async () => {
    const failed = await t.app.inject({ url: '/test/boom/1' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().detail).not.toContain('boom');
    const [last] = (await health()).last_errors;
    expect(last).toMatchObject({ message: 'boom for the ring', route: 'GET /test/boom/:n' });
    for (let i = 0; i < LAST_ERRORS_KEPT + 3; i += 1) await t.app.inject({ url: `/test/boom/${i}` });
    expect((await health()).last_errors).toHaveLength(LAST_ERRORS_KEPT);
  });

  it("answers 404 to a non-operator, 401 without a token, and takes the CLI's credential on loopback only", async () => {
    const user = await t.tokenFor((await t.createUser()).id);
    const call = (token: string | null, remote: boolean) =>
      t.app.inject({
        url: '/admin/v1/health',
        ...(remote && { remoteAddress: REMOTE }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await call(user, true)).statusCode).toBe(404);
    expect((await call(user, false)).statusCode).toBe(404);
    expect((await call(null, false)).statusCode).toBe(401);
    expect((await call(credential.token, true)).statusCode).toBe(401);
    expect((await call(credential.token, false)).statusCode).toBe(200);
    // Anywhere but an operator route the credential is no token at all.
    const elsewhere = await t.app.inject({
      url: '/iot/v2/devices',
      headers: { authorization: `Bearer ${credential.token}` },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('GET /admin/v1/health with TLS', () => {
  it('names the end of the certificate the HTTPS listener serves', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-health-tls-'));
    const tls = await createTestApp({ DATA_DIR: dataDir }, { tls: true, database: t.database });
    try {
      const token = await tls.tokenFor(operatorId);
      const res = await tls.app.inject({
        url: '/admin/v1/health',
        headers: { authorization: `Bearer ${token}` },
      });
      const h = instanceHealthSchema.parse(res.json());
      const served = new X509Certificate(tls.certificates.server?.current().cert ?? '');
      expect(h.tls).toEqual({
        enabled: true,
        certificate_expires_at: new Date(served.validTo).toISOString(),
      });
      expect(Date.parse(h.tls.certificate_expires_at ?? '')).toBeGreaterThan(Date.now());
    } finally {
      await tls.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
