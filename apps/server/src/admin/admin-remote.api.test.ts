/**
 * The admin CLI through a running server's admin API: an app listening on loopback with its local
 * credential, and the credential file in a DATA_DIR of its own, as main.ts leaves them. The CLI's environment
 * names the embedded database there (no DATABASE_URL), so a command that opened it instead of calling the
 * server would find an empty database, and leave a `pg` directory behind.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createLocalCredential,
  localUrlOf,
  readCredentialFile,
  writeCredentialFile,
} from '../auth/local-credential.ts';
import { customizationRecords, organizations, userPlans, users } from '../db/schema/index.ts';
import { spaceFixtures } from '../modules/spaces/spaces.fixtures.ts';
import { EXIT, runAdmin } from './cli.ts';

const credential = createLocalCredential();
let t: TestApp;
let f: ReturnType<typeof spaceFixtures>;
let dataDir: string;

beforeAll(async () => {
  t = await createTestApp(
    { BASE_HOST: 'iot.example.org' },
    { localCredential: credential, tokenCheckTtlMs: 0 },
  );
  f = spaceFixtures(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'tc-admin-remote-'));
  writeCredentialFile(dataDir, {
    url: localUrlOf(t.app.server.address() as AddressInfo),
    token: credential.token,
  });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { DATA_DIR: dataDir, PUBLIC_URL: 'http://test.local', BASE_HOST: 'iot.example.org' };
  const code = await runAdmin(argv, { env, io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin while a server runs', () => {
  it('the credential file is the server address and token, readable by its owner only', () => {
    const file = readCredentialFile(dataDir);
    expect(file?.token).toBe(credential.token);
    expect(file?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('grants a My Cloud plan through the admin API, extending a running one by --days', async () => {
    const user = await t.createUser();
    const first = await admin('grant-plan', '--user', user.email, '--plan', 'create-maker', '--days', '30');
    expect(first.err).toBe('');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toMatch(/^Granted Maker \(create-maker\) to user .* until \d{4}-\d\d-\d\d\.$/);
    const [row] = await t.db
      .select()
      .from(userPlans)
      .where(and(eq(userPlans.userId, user.id), eq(userPlans.planId, 'create-maker')));
    const days = (d: Date | null | undefined) => Math.round(((d?.getTime() ?? 0) - Date.now()) / 86_400_000);
    expect(days(row?.expiresAt)).toBe(30);
    await admin('grant-plan', '--user', user.username, '--plan', 'create-maker', '--days', '10');
    const [extended] = await t.db.select().from(userPlans).where(eq(userPlans.userId, user.id));
    expect(days(extended?.expiresAt)).toBe(40);

    const nobody = await admin('grant-plan', '--user', 'nobody@example.com', '--plan', 'create-maker');
    expect(nobody).toMatchObject({
      code: EXIT.failed,
      err: 'Error: No account found for "nobody@example.com".',
    });
    const unknown = await admin('grant-plan', '--user', user.username, '--plan', 'gold');
    expect(unknown.code).toBe(EXIT.failed);
    expect(unknown.err).toContain('Unknown plan "gold"');
  });

  it('grants a space plan with seats, creates renewals, lists spaces and sets a slug', async () => {
    const adminUser = await t.createUser();
    const org = await f.space('edu', [[adminUser.id, 'role:edu-admin']], { name: 'Volta School' });
    const granted = await admin(
      'grant-plan',
      '--space',
      org.id,
      '--plan',
      'cloud-classroom',
      '--seats',
      '25',
    );
    expect(granted.err).toBe('');
    expect(granted.out).toBe(
      `Granted School (cloud-classroom) to space "Volta School" (${org.id}): until no end date, 25 seats.`,
    );
    expect((await admin('grant-plan', '--space', 'not-an-id', '--plan', 'x')).err).toBe(
      'Error: Space not found',
    );

    const renewal = await admin(
      'create-renewal',
      '--space',
      org.id,
      '--plan',
      'cloud-classroom',
      '--days',
      '365',
    );
    expect(renewal.code).toBe(EXIT.ok);
    expect(renewal.out).toMatch(
      /^Renewal for School \(cloud-classroom\): \S+\nActivation link: http:\/\/test\.local\/\?renewal_id=\S+$/,
    );

    const list = await admin('list-spaces');
    expect(list.out.split('\n')[0]).toBe('id\tkind\tplan\tseats\tmembers\towner\tname');
    expect(list.out).toContain(`${org.id}\tedu\tcloud-classroom\t25\t1\t`);

    const team = await f.space('pro', [[adminUser.id, 'role:pro-admin']], { name: 'Acme Robotics' });
    const slug = await admin('set-slug', '--space', team.id, '--slug', 'acme');
    expect(slug.out).toBe('Space "Acme Robotics" is served on acme.iot.example.org.');
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, team.id));
    expect(row?.slug).toBe('acme');
    expect((await admin('set-slug', '--space', team.id, '--slug', 'Bad Slug')).code).toBe(EXIT.failed);
    expect((await admin('set-slug', '--space', team.id, '--clear')).out).toContain('has no branded host now');
  });

  it('adds a customization record', async () => {
    const done = await admin(
      'add-customization',
      '--key',
      'acme',
      '--url',
      'https://login.acme.example/',
      '--enabled',
    );
    expect(done.out).toBe('Customization "acme": https://login.acme.example (enabled).');
    const [row] = await t.db
      .select()
      .from(customizationRecords)
      .where(eq(customizationRecords.companyKey, 'acme'));
    expect(row).toMatchObject({ url: 'https://login.acme.example', urlEnabled: true });
  });

  it('makes and unmakes an operator, and deletes a user', async () => {
    const keeper = await t.createUser();
    await t.db.update(users).set({ isOperator: true }).where(eq(users.id, keeper.id));
    const user = await t.createUser();
    expect((await admin('make-operator', '--user', user.username)).out).toBe(
      `${user.username} is an operator of this server.`,
    );
    const isOperator = async () =>
      (await t.db.select({ op: users.isOperator }).from(users).where(eq(users.id, user.id)))[0]?.op;
    expect(await isOperator()).toBe(true);
    expect((await admin('unmake-operator', '--user', user.email)).out).toBe(
      `${user.username} is no longer an operator.`,
    );
    expect(await isOperator()).toBe(false);

    const done = await admin('delete-user', '--user', user.username);
    expect(done.out).toBe(`Deleted user ${user.username} <${user.email}> (${user.id}).`);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect((await admin('delete-user', '--user', user.username)).err).toBe('Error: User not found');
  });

  it('never opened the embedded database of its DATA_DIR', () => {
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });
});

describe('a credential the server does not take', () => {
  it('says so, and does not open the database either', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'tc-admin-wrong-'));
    try {
      const url = localUrlOf(t.app.server.address() as AddressInfo);
      writeCredentialFile(elsewhere, { url, token: createLocalCredential().token });
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(['list-spaces'], {
        env: { DATA_DIR: elsewhere },
        io: { out: (l) => out.push(l), err: (l) => err.push(l) },
      });
      expect(code).toBe(EXIT.failed);
      expect(err.join('\n')).toContain('refused the admin credential');
      expect(existsSync(path.join(elsewhere, 'pg'))).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
