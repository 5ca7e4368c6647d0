import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { spaceFixtures } from '../modules/spaces/spaces.fixtures.ts';
import { EXIT, runAdmin } from './cli.ts';

let t: TestApp;
let f: ReturnType<typeof spaceFixtures>;
beforeAll(async () => {
  // Account state is not cached, so a deletion by the CLI (another process) shows at once.
  t = await createTestApp({ BASE_HOST: 'iot.example.org' }, { tokenCheckTtlMs: 0 });
  f = spaceFixtures(t);
});
afterAll(() => t?.close());

/** Runs the CLI on the test database and captures what it prints. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    db: t.db,
    config: t.config,
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('operator CLI', () => {
  it('prints help, and refuses unknown commands and options with exit code 2', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(EXIT.ok);
    expect(help.out).toContain('grant-plan --user <email|username> --plan <id>');
    expect((await admin()).code).toBe(EXIT.usage);
    const unknown = await admin('drop-everything');
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain('Unknown command "drop-everything"');
    expect((await admin('grant-plan', '--plan', 'create-maker')).err).toContain('Give --user');
    expect((await admin('grant-plan', '--user', 'a', '--space', 'b', '--plan', 'x')).code).toBe(EXIT.usage);
    expect((await admin('grant-plan', '--user', 'a', '--plan', 'create-maker', '--days', '0')).code).toBe(
      EXIT.usage,
    );
    expect((await admin('list-spaces', '--plan', 'x')).err).toContain('--plan does not apply to list-spaces');
    expect((await admin('grant-plan', '--bogus')).code).toBe(EXIT.usage);
  });

  it('grants a My Cloud plan by e-mail or username, checked against the catalogue', async () => {
    const user = await t.createUser();
    const res = await admin('grant-plan', '--user', user.email, '--plan', 'create-maker', '--days', '30');
    expect(res.code).toBe(EXIT.ok);
    expect(res.out).toMatch(/Granted Maker \(create-maker\) to user .* until \d{4}-\d\d-\d\d/);
    expect((await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json().plans).toEqual([
      'create-maker',
    ]);

    const forever = await admin('grant-plan', '--user', user.username, '--plan', 'tinkercloud');
    expect(forever.out).toContain('no end date');

    const unknownPlan = await admin('grant-plan', '--user', user.username, '--plan', 'gold');
    expect(unknownPlan.code).toBe(EXIT.failed);
    expect(unknownPlan.err).toContain('Unknown plan "gold". Plans: tinkercloud, create-entry');
    const wrongScope = await admin('grant-plan', '--user', user.username, '--plan', 'cloud-enterprise');
    expect(wrongScope.err).toContain('is not a My Cloud plan');
    const nobody = await admin('grant-plan', '--user', 'nobody@example.com', '--plan', 'create-maker');
    expect(nobody.code).toBe(EXIT.failed);
    expect(nobody.err).toContain('No account found for "nobody@example.com"');
  });

  it('grants a space plan with seats, and refuses a plan of the other kind', async () => {
    const adminUser = await t.createUser();
    const org = await f.space('edu', [[adminUser.id, 'role:edu-admin']], { name: 'Volta School' });
    const res = await admin('grant-plan', '--space', org.id, '--plan', 'cloud-classroom', '--seats', '25');
    expect(res.code).toBe(EXIT.ok);
    expect(res.out).toContain('25 seats');
    const [space] = (await f.call(adminUser.id, 'GET', '/classroom/v1/organizations')).json().organizations;
    expect(space).toMatchObject({ plan_id: 'cloud-classroom', plan_name: 'School', plan_seats: 25 });
    const wrong = await admin('grant-plan', '--space', org.id, '--plan', 'cloud-enterprise');
    expect(wrong.code).toBe(EXIT.failed);
    expect(wrong.err).toContain('does not fit a edu space; use cloud-classroom');
    const missing = await admin('grant-plan', '--space', 'not-an-id', '--plan', 'cloud-classroom');
    expect(missing.err).toContain('Space not found');
    const seatsForUser = await admin(
      'grant-plan',
      '--user',
      adminUser.username,
      '--plan',
      'create-maker',
      '--seats',
      '3',
    );
    expect(seatsForUser.err).toContain('Seats apply to spaces only.');
  });

  it('creates a renewal whose link activates the plan once from Home', async () => {
    const user = await t.createUser();
    const res = await admin(
      'create-renewal',
      '--user',
      user.username,
      '--plan',
      'create-maker-plus',
      '--days',
      '365',
    );
    expect(res.code).toBe(EXIT.ok);
    const id = /Renewal for Maker Plus \(create-maker-plus\): (\S+)/.exec(res.out)?.[1] ?? '';
    expect(res.out).toContain(`Activation link: http://test.local/?renewal_id=${id}`);
    const activate = await f.call(user.id, 'POST', `/restrictions/v1/renewals/${id}/activate`);
    expect(activate.json()).toEqual({
      plan_id: 'create-maker-plus',
      message: 'Plan activated successfully.',
    });
    expect((await f.call(user.id, 'POST', `/restrictions/v1/renewals/${id}/activate`)).statusCode).toBe(409);
  });

  it('lists spaces, adds customization records and sets slugs', async () => {
    const adminUser = await t.createUser();
    const org = await f.space('pro', [[adminUser.id, 'role:pro-admin']], { name: 'Acme Robotics' });
    const list = await admin('list-spaces');
    expect(list.out).toContain('id\tkind\tplan');
    expect(list.out).toContain(`${org.id}\tpro\t-\t-\t1\t${org.joinCode}\t-\tAcme Robotics`);

    const record = await admin(
      'add-customization',
      '--key',
      'acme',
      '--url',
      'https://login.acme.example/',
      '--enabled',
      '--client-id',
      'acme-web',
    );
    expect(record.code).toBe(EXIT.ok);
    expect((await f.call(null, 'GET', '/customization/v1/customizable/acme')).json()).toEqual({
      url_enabled: true,
      url: 'https://login.acme.example',
      auth0_id: 'acme-web',
    });
    expect((await admin('add-customization', '--key', 'x', '--url', 'http://evil.example')).code).toBe(
      EXIT.usage,
    );
    expect((await admin('add-customization', '--key', 'bad key', '--url', 'https://a.example')).code).toBe(
      EXIT.usage,
    );

    const slug = await admin('set-slug', '--space', org.id, '--slug', 'acme');
    expect(slug.out).toBe('Space "Acme Robotics" is served on acme.iot.example.org.');
    const host = await f.call(null, 'GET', '/customization/v1/deployments/by-host?host=acme.iot.example.org');
    expect(host.json()).toEqual({ organization_id: org.id, organization_name: 'Acme Robotics' });
    expect((await admin('set-slug', '--space', org.id, '--slug', 'Bad Slug')).code).toBe(EXIT.failed);
    expect((await admin('set-slug', '--space', org.id, '--clear')).out).toContain('has no branded host now');
    expect((await admin('set-slug', '--space', org.id)).code).toBe(EXIT.usage);
  });
});

describe('delete-user', () => {
  it('deletes the account by e-mail or username, and its earlier tokens answer 401', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);
    const call = () =>
      t.app.inject({ url: '/iot/v2/devices', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    const done = await admin('delete-user', '--user', user.username);
    expect(done.code).toBe(EXIT.ok);
    expect(done.out).toBe(`Deleted user ${user.username} <${user.email}> (${user.id}).`);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    // The CLI is another process: a server notices within its cache time (none in this test app).
    expect((await call()).statusCode).toBe(401);
    expect((await admin('delete-user', '--user', user.email)).err).toBe('Error: User not found');
    expect((await admin('delete-user')).code).toBe(EXIT.usage);
  });
});

describe('make-operator and unmake-operator', () => {
  it('flags the account and records the CLI as the actor', async () => {
    const help = await admin('--help');
    expect(help.out).toContain('make-operator --user <email|username>');
    const user = await t.createUser();
    expect((await admin('make-operator', '--user', user.email)).out).toBe(
      `${user.username} is an operator of this server.`,
    );
    const flag = async () =>
      (await t.db.select({ op: users.isOperator }).from(users).where(eq(users.id, user.id)))[0]?.op;
    expect(await flag()).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.operator_granted')));
    expect(entry).toMatchObject({ actorId: null, actorLabel: 'admin CLI', targetLabel: user.username });

    // Another operator stays, so this one may go (the accounts module keeps the last one).
    const keeper = await t.createUser();
    await t.db.update(users).set({ isOperator: true }).where(eq(users.id, keeper.id));
    expect((await admin('unmake-operator', '--user', user.username)).out).toBe(
      `${user.username} is no longer an operator.`,
    );
    expect(await flag()).toBe(false);
    expect((await admin('make-operator')).code).toBe(EXIT.usage);
    expect((await admin('make-operator', '--user', 'nobody@example.com')).err).toBe(
      'Error: No account found for "nobody@example.com".',
    );
  });
});

describe('npm run admin, as a process on an embedded database directory', () => {
  it('opens and migrates the directory, answers, and exits with its code', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-admin-'));
    try {
      // A port nothing listens on, so the "server is running" guard stays quiet.
      const env = { ...process.env, DATA_DIR: dataDir, PORT: '1', DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const run = (...args: string[]) =>
        spawnSync(tsx, ['src/admin.ts', ...args], { cwd: serverDir, env, encoding: 'utf8', timeout: 60_000 });
      const list = run('list-spaces');
      expect(list.stderr).toBe('');
      expect(list.stdout.trim()).toBe('No spaces yet.');
      expect(list.status).toBe(0);
      const fail = run('grant-plan', '--user', 'nobody', '--plan', 'create-maker');
      expect(fail.status).toBe(1);
      expect(fail.stderr).toContain('No account found for "nobody".');
      expect(run('nope').status).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
