import { afterAll, describe, expect, it } from 'vitest';
import { multipart, PNG, spaceTestApp, streamedMultipart } from '../spaces/spaces.fixtures.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

async function upload(
  userId: string,
  orgId: string,
  data: Buffer,
  opts: { second?: boolean; field?: string; type?: string } = {},
) {
  const form = multipart(opts.field ?? 'logo', data, 'logo.png', opts.type);
  return t.app.inject({
    method: 'POST',
    url: `/classroom/v1/organizations/${orgId}/logo${opts.second ? '?type=second' : ''}`,
    headers: { ...(await f.headersFor(userId)), 'content-type': form.contentType },
    payload: form.body,
  });
}

describe('space logos and the media route', () => {
  it('stores a logo, serves it publicly with long caching, and replaces it with a new address', async () => {
    const admin = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const res = await upload(admin.id, org.id, PNG);
    expect(res.statusCode).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(/^\/storage\/media\/v1\/[0-9a-f-]{36}$/);
    expect(res.json().second_logo).toBeNull();

    const served = await t.app.inject(logo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await upload(admin.id, org.id, PNG, { second: true });
    expect(second.json().second_logo).toMatch(/^\/storage\/media\/v1\//);
    expect(second.json().logo).toBe(logo);

    const replaced = await upload(admin.id, org.id, PNG);
    expect(replaced.json().logo).not.toBe(logo);
    expect((await t.app.inject(logo)).statusCode).toBe(404);

    expect(
      (await f.call(admin.id, 'DELETE', `/classroom/v1/organizations/${org.id}/logo?type=second`)).statusCode,
    ).toBe(204);
    const [space] = (await f.call(admin.id, 'GET', '/classroom/v1/organizations')).json().organizations;
    expect(space.second_logo).toBeNull();
    expect(space.logo).toBe(replaced.json().logo);
    expect((await t.app.inject(second.json().second_logo)).statusCode).toBe(404);
  });

  it('takes the type from the bytes: SVG, HTML or anything else is refused whatever it claims', async () => {
    const admin = await t.createUser();
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [data, type] of [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [Buffer.from('<html></html>'), 'image/gif'],
    ] as const) {
      const res = await upload(admin.id, org.id, data, { type });
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toBe('The logo must be a PNG, JPEG, GIF or WebP image.');
    }
    // A real PNG sent as "application/octet-stream" is still a PNG.
    const ok = await upload(admin.id, org.id, PNG, { type: 'application/octet-stream' });
    expect(ok.statusCode).toBe(200);
    const served = await t.app.inject(ok.json().logo);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses files over 1 MiB, other fields and non-multipart bodies', async () => {
    const admin = await t.createUser();
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(admin.id, org.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('The logo must be at most 1 MiB.');
    expect((await upload(admin.id, org.id, PNG, { field: 'media' })).statusCode).toBe(400);
    const json = await f.call(admin.id, 'POST', `/classroom/v1/organizations/${org.id}/logo`, { logo: 'x' });
    expect(json.statusCode).toBe(415);
    const [space] = (await f.call(admin.id, 'GET', '/classroom/v1/organizations')).json().organizations;
    expect(space.logo).toBeNull();
  });

  it('refuses a logo over 1 MiB however it is streamed, rather than storing its first MiB', async () => {
    const admin = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    // As Node's fetch sends a Blob: 64 KiB pieces, so one starts exactly at the 1 MiB limit.
    const form = streamedMultipart('logo', PNG, 1024 * 1024 + 64 * 1024, 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: `/classroom/v1/organizations/${org.id}/logo`,
      headers: { ...(await f.headersFor(admin.id)), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      detail: 'The logo must be at most 1 MiB.',
    });
    const [space] = (await f.call(admin.id, 'GET', '/classroom/v1/organizations')).json().organizations;
    expect(space.logo).toBeNull();
  });

  it('lets only members with the right change logos', async () => {
    const { space: org, editor } = await f.team();
    const outsider = await t.createUser();
    expect((await upload(editor.id, org.id, PNG)).statusCode).toBe(403);
    expect((await upload(outsider.id, org.id, PNG)).statusCode).toBe(404);
    expect((await f.call(editor.id, 'DELETE', `/classroom/v1/organizations/${org.id}/logo`)).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/classroom/v1/organizations/${org.id}/logo`,
      headers: { 'content-type': multipart('logo', PNG).contentType },
      payload: multipart('logo', PNG).body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps multipart to the logo route: JSON routes refuse a multipart body', async () => {
    const admin = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const form = multipart('logo', PNG);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/classroom/v1/organizations/${org.id}`,
      headers: { ...(await f.headersFor(admin.id)), 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 404 for unknown media and 400 for malformed ids', async () => {
    expect((await t.app.inject('/storage/media/v1/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await t.app.inject('/storage/media/v1/abc')).statusCode).toBe(400);
  });
});
