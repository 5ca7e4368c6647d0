import { MEDIA_IMAGES_PER_SPACE } from '@tinkercloud/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, PNG, spaceTestApp } from '../spaces/spaces.fixtures.ts';
import { createMediaRepository } from './media.repository.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);
const GIF = Buffer.from('GIF89a gif body');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function upload(
  userId: string,
  space: string | null,
  data: Buffer,
  opts: { field?: string; type?: string; name?: string } = {},
) {
  const form = multipart(opts.field ?? 'media', data, opts.name ?? 'picture.png', opts.type);
  return t.app.inject({
    method: 'POST',
    url: '/storage/media/v1',
    headers: {
      ...(await f.headersFor(userId, space ? { 'x-organization': space } : {})),
      'content-type': form.contentType,
    },
    payload: form.body,
  });
}
const list = (userId: string, space: string | null) =>
  f.call(userId, 'GET', '/storage/media/v1', undefined, space ? { 'x-organization': space } : {});
const remove = (userId: string, space: string | null, id: string) =>
  f.call(userId, 'DELETE', `/storage/media/v1/${id}`, undefined, space ? { 'x-organization': space } : {});

describe('POST /storage/media/v1 (widget and template images)', () => {
  it('stores PNG, JPEG, GIF and WebP in the space, typed by their bytes, and serves them back safely', async () => {
    const maker = await t.createUser();
    const org = await f.space('pro', [[maker.id, 'role:pro-admin']]);
    for (const [data, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [GIF, 'image/gif'],
      [WEBP, 'image/webp'],
    ] as const) {
      // Declared as something else: the bytes decide.
      const res = await upload(maker.id, org.id, data, { type: 'application/octet-stream' });
      expect(res.statusCode).toBe(201);
      const image = res.json();
      expect(image).toMatchObject({ content_type: type, size: data.length });
      expect(image.link).toBe(`/storage/media/v1/${image.id}`);
      const served = await t.app.inject(image.link);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
    const listed = (await list(maker.id, org.id)).json();
    expect(listed.limit).toBe(MEDIA_IMAGES_PER_SPACE);
    expect(listed.media.map((m: { content_type: string }) => m.content_type).sort()).toEqual([
      'image/gif',
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
  });

  it('refuses SVG and anything that is not an image (415), whatever it claims to be', async () => {
    const maker = await t.createUser();
    for (const [data, type, name] of [
      [SVG, 'image/svg+xml', 'x.svg'],
      [SVG, 'image/png', 'x.png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/gif', 'x.gif'],
    ] as const) {
      const res = await upload(maker.id, null, data, { type, name });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_media_type',
        detail: 'The image must be a PNG, JPEG, GIF or WebP image (SVG is not accepted).',
      });
    }
    expect((await list(maker.id, null)).json().media).toEqual([]);
  });

  it('refuses an image over 1 MiB (413), another field (400) and a body that is not multipart (415)', async () => {
    const maker = await t.createUser();
    const big = await upload(maker.id, null, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'payload_too_large',
      detail: 'The image must be at most 1 MiB.',
    });
    const field = await upload(maker.id, null, PNG, { field: 'logo' });
    expect(field.statusCode).toBe(400);
    expect(field.json().detail).toBe('Send the image as multipart/form-data in the field "media".');
    const json = await f.call(maker.id, 'POST', '/storage/media/v1', { media: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/storage/media/v1' })).statusCode).toBe(401);
  });

  it('keeps a space to its quota: full, it refuses with a reason until one is deleted', async () => {
    const maker = await t.createUser();
    const org = await f.space('pro', [[maker.id, 'role:pro-admin']]);
    const repo = createMediaRepository(t.db);
    for (let i = 0; i < MEDIA_IMAGES_PER_SPACE - 1; i++)
      await repo.insert({ organizationId: org.id, kind: 'image', contentType: 'image/png', bytes: PNG });
    const last = await upload(maker.id, org.id, PNG);
    expect(last.statusCode).toBe(201);
    const full = await upload(maker.id, org.id, PNG);
    expect(full.statusCode).toBe(412);
    expect(full.json().detail).toBe(
      `This space already holds ${MEDIA_IMAGES_PER_SPACE} images: delete one to upload another.`,
    );
    // My Cloud has a quota of its own.
    expect((await upload(maker.id, null, PNG)).statusCode).toBe(201);
    expect((await remove(maker.id, org.id, last.json().id)).statusCode).toBe(200);
    expect((await t.app.inject(last.json().link)).statusCode).toBe(404);
    expect((await upload(maker.id, org.id, PNG)).statusCode).toBe(201);
  });

  it('gives the last free place to one of several uploads made at the same moment', async () => {
    const maker = await t.createUser();
    const org = await f.space('pro', [[maker.id, 'role:pro-admin']]);
    const repo = createMediaRepository(t.db);
    for (let i = 0; i < MEDIA_IMAGES_PER_SPACE - 1; i++)
      await repo.insert({ organizationId: org.id, kind: 'image', contentType: 'image/png', bytes: PNG });
    const answers = await Promise.all([1, 2, 3, 4].map(() => upload(maker.id, org.id, PNG)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 412, 412, 412]);
    expect((await list(maker.id, org.id)).json().media).toHaveLength(MEDIA_IMAGES_PER_SPACE);
  });

  it("never lets another space (or another user's My Cloud) list or delete an image; students upload but do not delete", async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const teacher = await t.createUser();
    const student = await t.createUser();
    const org = await f.space('pro', [[owner.id, 'role:pro-admin']]);
    const other = await f.space('pro', [[stranger.id, 'role:pro-admin']]);
    const school = await f.space('edu', [
      [teacher.id, 'role:edu-teacher'],
      [student.id, 'role:edu-student'],
    ]);
    const image = (await upload(owner.id, org.id, PNG)).json();
    const mine = (await upload(owner.id, null, GIF)).json();

    expect((await list(stranger.id, other.id)).json().media).toEqual([]);
    expect((await list(stranger.id, null)).json().media).toEqual([]);
    // Naming the owner's space without being a member is refused outright, as if it did not exist.
    expect((await list(stranger.id, org.id)).statusCode).toBe(404);
    expect((await remove(stranger.id, other.id, image.id)).statusCode).toBe(404);
    expect((await remove(stranger.id, null, mine.id)).statusCode).toBe(404);
    expect((await remove(stranger.id, org.id, image.id)).statusCode).toBe(404);
    // The owner's space and My Cloud each see their own only.
    expect((await list(owner.id, org.id)).json().media.map((m: { id: string }) => m.id)).toEqual([image.id]);
    expect((await list(owner.id, null)).json().media.map((m: { id: string }) => m.id)).toEqual([mine.id]);
    expect((await remove(owner.id, null, image.id)).statusCode).toBe(404);
    expect((await t.app.inject(image.link)).statusCode).toBe(200);

    const drawn = await upload(student.id, school.id, PNG);
    expect(drawn.statusCode).toBe(201);
    expect((await remove(student.id, school.id, drawn.json().id)).statusCode).toBe(403);
    expect((await remove(teacher.id, school.id, drawn.json().id)).statusCode).toBe(200);
  });

  it('does not list or delete the space logos through this route', async () => {
    const admin = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const form = multipart('logo', PNG);
    const logo = await t.app.inject({
      method: 'POST',
      url: `/classroom/v1/organizations/${org.id}/logo`,
      headers: { ...(await f.headersFor(admin.id)), 'content-type': form.contentType },
      payload: form.body,
    });
    const logoId = (logo.json().logo as string).split('/').at(-1) as string;
    expect((await list(admin.id, org.id)).json().media).toEqual([]);
    expect((await remove(admin.id, org.id, logoId)).statusCode).toBe(404);
    expect((await t.app.inject(logo.json().logo)).statusCode).toBe(200);
  });

  it("gives a custom template pictures: uploaded images (or https ones), at most 5, kept in the template's detail", async () => {
    const maker = await t.createUser();
    const image = (await upload(maker.id, null, PNG)).json();
    const thing = (await f.call(maker.id, 'PUT', '/iot/v2/things', { name: 'Greenhouse' })).json();
    const created = await f.call(maker.id, 'POST', '/storage/template/v1/', {
      name: 'Greenhouse kit',
      thing_ids: [thing.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().template_id as string;
    expect(created.json().image_links).toEqual([]);
    const links = [image.link, 'https://example.org/kit.jpg'];
    const patched = await f.call(maker.id, 'PATCH', `/storage/template/v1/${id}`, { image_links: links });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().image_links).toEqual(links);
    expect((await f.call(maker.id, 'GET', `/storage/template/v1/${id}`)).json().image_links).toEqual(links);
    for (const bad of [['javascript:alert(1)'], ['http://example.org/a.png'], Array(6).fill(image.link)]) {
      const refused = await f.call(maker.id, 'PATCH', `/storage/template/v1/${id}`, { image_links: bad });
      expect(refused.statusCode).toBe(400);
    }
    // A rename leaves the pictures as they are.
    await f.call(maker.id, 'PATCH', `/storage/template/v1/${id}`, { name: 'Greenhouse v2' });
    expect((await f.call(maker.id, 'GET', `/storage/template/v1/${id}`)).json().image_links).toEqual(links);
  });
});
