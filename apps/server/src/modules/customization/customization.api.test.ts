import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { spaceFixtures } from '../spaces/spaces.fixtures.ts';
import { createSpacesRepository } from '../spaces/spaces.repository.ts';
import { createCustomizationOperator } from './customization.operator.ts';
import { createCustomizationService } from './customization.service.ts';

let t: TestApp;
let f: ReturnType<typeof spaceFixtures>;
let ops: ReturnType<typeof createCustomizationOperator>;
let service: ReturnType<typeof createCustomizationService>;
beforeAll(async () => {
  t = await createTestApp({ BASE_HOST: 'iot.example.org' });
  f = spaceFixtures(t);
  ops = createCustomizationOperator({ db: t.db });
  service = createCustomizationService({ db: t.db, accounts: t.accounts, config: t.config });
});
afterAll(() => t?.close());

const branding = (id: string) => `/customization/v1/customizable/ofOrg/${id}`;

describe('branding', () => {
  it('is public for branded team spaces, for members otherwise, empty until set, and 404 for schools and unknown ids', async () => {
    const admin = await t.createUser();
    const outsider = await t.createUser();
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']], { name: 'Acme' });
    const school = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    // Not a branded deployment yet: members only.
    expect((await f.call(null, 'GET', branding(team.id))).statusCode).toBe(404);
    expect((await f.call(outsider.id, 'GET', branding(team.id))).statusCode).toBe(404);
    expect((await f.call(admin.id, 'GET', branding(team.id))).statusCode).toBe(200);
    await createSpacesRepository(t.db).update(team.id, { slug: 'acme-public' });
    const res = await f.call(null, 'GET', branding(team.id));
    expect(res.statusCode).toBe(200);
    expect((await f.call(outsider.id, 'GET', branding(team.id))).statusCode).toBe(200);
    expect(res.json()).toEqual({
      organization_id: team.id,
      organization_name: 'Acme',
      organization_second_logo: null,
      policy_url: null,
      custom_tos: null,
    });
    expect((await f.call(null, 'GET', branding(school.id))).statusCode).toBe(404);
    expect((await f.call(null, 'GET', branding('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(
      404,
    );
    expect((await f.call(null, 'GET', branding('nope'))).statusCode).toBe(400);
  });

  it('is changed by team admins only', async () => {
    const { space: team, admin, editor } = await f.team();
    const outsider = await t.createUser();
    const body = { policy_url: 'https://acme.example/privacy', custom_tos: 'Be nice.' };
    expect((await f.call(editor.id, 'PUT', branding(team.id), body)).statusCode).toBe(403);
    expect((await f.call(outsider.id, 'PUT', branding(team.id), body)).statusCode).toBe(404);
    expect((await f.call(null, 'PUT', branding(team.id), body)).statusCode).toBe(401);
    expect(
      (await f.call(admin.id, 'PUT', branding(team.id), { policy_url: 'javascript:alert(1)' })).statusCode,
    ).toBe(400);
    const ok = await f.call(admin.id, 'PUT', branding(team.id), body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject(body);
    const partial = await f.call(admin.id, 'PUT', branding(team.id), { custom_tos: null });
    expect(partial.json()).toMatchObject({ policy_url: body.policy_url, custom_tos: null });
  });

  it('is refused in school spaces, even to their admins', async () => {
    const admin = await t.createUser();
    const school = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    expect((await f.call(admin.id, 'PUT', branding(school.id), { custom_tos: 'x' })).statusCode).toBe(403);
  });
});

describe('company customization and terms', () => {
  it('serves a record publicly and 404 for unknown keys', async () => {
    await ops.saveRecord({
      companyKey: 'acme',
      url: 'https://login.acme.example',
      urlEnabled: true,
      clientId: 'acme-web',
    });
    const res = await f.call(null, 'GET', '/customization/v1/customizable/acme');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url_enabled: true,
      url: 'https://login.acme.example',
      auth0_id: 'acme-web',
    });
    expect((await f.call(null, 'GET', '/customization/v1/customizable/globex')).statusCode).toBe(404);
    expect((await f.call(null, 'GET', '/customization/v1/customizable/bad%20key')).statusCode).toBe(400);
  });

  it('records terms acceptance once: 201, then 200 with a logged warning', async () => {
    await ops.saveRecord({
      companyKey: 'initech',
      url: 'https://initech.example',
      urlEnabled: false,
      clientId: '',
    });
    const user = await t.createUser();
    const url = '/customization/v1/users/TosAcceptance/initech';
    expect((await f.call(null, 'POST', url)).statusCode).toBe(401);
    const first = await f.call(user.id, 'POST', url);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ accepted: true, already_accepted: false });
    expect((await t.accounts.findById(user.id))?.tosAccepted).toBe(true);
    const warnings: unknown[] = [];
    const again = await service.acceptTerms(user.id, 'initech', {
      warn: (...args: unknown[]) => warnings.push(args),
    });
    expect(again.created).toBe(false);
    expect(JSON.stringify(warnings)).toContain('User has already accepted the TOS.');
    const repeated = await f.call(user.id, 'POST', url);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ accepted: true, already_accepted: true });
    expect((await f.call(user.id, 'POST', '/customization/v1/users/TosAcceptance/unknown')).statusCode).toBe(
      404,
    );
  });
});

describe('branded deployments', () => {
  it('finds the space of {slug}.{BASE_HOST}', async () => {
    const admin = await t.createUser();
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']], { name: 'Acme Robotics' });
    await ops.setSlug(team.id, 'acme');
    const by = (host: string) => f.call(null, 'GET', `/customization/v1/deployments/by-host?host=${host}`);
    const res = await by('acme.iot.example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization_id: team.id, organization_name: 'Acme Robotics' });
    expect((await by('ACME.iot.example.org:443')).statusCode).toBe(200);
    expect((await by('iot.example.org')).statusCode).toBe(404);
    expect((await by('acme.evil.example')).statusCode).toBe(404);
    expect((await by('globex.iot.example.org')).statusCode).toBe(404);
  });

  it('keeps slugs unique and well formed', async () => {
    const admin = await t.createUser();
    const a = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const b = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    await ops.setSlug(a.id, 'initech');
    await expect(ops.setSlug(b.id, 'initech')).rejects.toMatchObject({ code: 'conflict' });
    await expect(ops.setSlug(b.id, 'Not A Label')).rejects.toMatchObject({ code: 'validation_error' });
    await expect(ops.setSlug(b.id, 'www')).rejects.toMatchObject({ code: 'validation_error' });
    await ops.setSlug(a.id, null);
    await ops.setSlug(b.id, 'initech');
  });
});
