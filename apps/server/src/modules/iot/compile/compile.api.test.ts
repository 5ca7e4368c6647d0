/**
 * Compiles on the server with the real toolchain (arduino-builder and gcc-avr in the sandbox): diagnostics
 * at the sketch's file and line, sizes and the artefact, the AVR boards, the per-user queue, spaces and the
 * daily limit.
 */
import type { CompileJob } from '@tinkercloud/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createUsageSource } from '../../plans/usage.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';
import { createCompileRepository } from './compile.repository.ts';
import { BLINK, BROKEN, compileFixtures } from './compile-fixtures.ts';

// Two at once, so one user's second job waiting while another user's runs shows the per-user rule.
const { t, f } = await iotTestApp({ COMPILE_CONCURRENCY: '2' });
const c = compileFixtures(t, f);
afterAll(() => t.close());

describe('GET /create/v2/compile/boards', () => {
  it('lists the AVR boards, Uno and Nano simulated', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'GET', '/create/v2/compile/boards');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: true,
      boards: [
        { fqbn: 'arduino:avr:uno', name: 'Arduino Uno', architecture: 'avr', simulated: true },
        {
          fqbn: 'arduino:avr:nano:cpu=atmega328',
          name: 'Arduino Nano',
          architecture: 'avr',
          simulated: true,
        },
        {
          fqbn: 'arduino:avr:mega:cpu=atmega2560',
          name: 'Arduino Mega or Mega 2560',
          architecture: 'avr',
          simulated: false,
        },
      ],
    });
  });
});

describe('POST /create/v2/sketches/byID/{id}/compile', () => {
  it('fails a sketch using an undeclared name, with the error at its own file and line', async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BROKEN });
    const res = await c.compile(user.id, sketch.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ sketch_id: sketch.id, fqbn: 'arduino:avr:uno', status: 'queued' });

    const job = await c.finished(user.id, res.json().id);
    expect(job.status).toBe('failed');
    expect(job.diagnostics).toContainEqual({
      file: `${sketch.name}.ino`,
      line: BROKEN.split('\n').findIndex((l) => l.includes('blinkCount')) + 1,
      column: 3,
      severity: 'error',
      message: expect.stringContaining('blinkCount'),
    });
    expect(job.output).toContain('blinkCount');
    expect(job.artefact).toBeUndefined();
    const artefact = await f.call(user.id, 'GET', `/create/v2/compilations/${job.id}/artefact`);
    expect(artefact.statusCode).toBe(404);
  });

  it('builds a fixed sketch: sizes and a downloadable .hex', async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK, 'notes.h': '// helper\n' });
    const job = await c.finished(user.id, (await c.compile(user.id, sketch.id)).json().id);
    expect(job.status, job.output).toBe('succeeded');
    expect(job.diagnostics).toEqual([]);
    expect(job.size).toEqual({
      flash_bytes: expect.any(Number),
      flash_max: 32256,
      ram_bytes: expect.any(Number),
      ram_max: 2048,
    });
    expect(job.size?.flash_bytes).toBeGreaterThan(0);
    expect(job.artefact).toEqual({
      name: `${sketch.name}.ino.hex`,
      bytes: expect.any(Number),
      format: 'hex',
    });
    expect(job.started_at && job.finished_at).toBeTruthy();

    const hex = await f.call(user.id, 'GET', `/create/v2/compilations/${job.id}/artefact`);
    expect(hex.statusCode).toBe(200);
    expect(hex.headers['content-disposition']).toBe(`attachment; filename="${sketch.name}.ino.hex"`);
    expect(hex.body.startsWith(':')).toBe(true);
    expect(hex.rawPayload.length).toBe(job.artefact?.bytes);
    // The last record of Intel HEX ends the file.
    expect(hex.body.trimEnd().endsWith(':00000001FF')).toBe(true);
  });

  it('builds for the Nano (by its plain fqbn too) and the Mega, with their sizes', async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK });
    const nano = await c.compile(user.id, sketch.id, 'arduino:avr:nano');
    expect(nano.json().fqbn).toBe('arduino:avr:nano:cpu=atmega328');
    const nanoJob = await c.finished(user.id, nano.json().id);
    expect(nanoJob.status, nanoJob.output).toBe('succeeded');
    expect(nanoJob.size).toMatchObject({ flash_max: 30720, ram_max: 2048 });

    const mega = await c.compile(user.id, sketch.id, 'arduino:avr:mega:cpu=atmega2560');
    const megaJob = await c.finished(user.id, mega.json().id);
    expect(megaJob.status, megaJob.output).toBe('succeeded');
    expect(megaJob.size).toMatchObject({ flash_max: 253952, ram_max: 8192 });
  });

  it('refuses a board this server does not build for, and a sketch it does not know', async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK });
    const board = await c.compile(user.id, sketch.id, 'esp32:esp32:esp32');
    expect(board.statusCode).toBe(400);
    expect(board.json().detail).toContain('arduino:avr:uno');
    const missing = await c.compile(user.id, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it("runs one job per user at a time, in order; another user's job does not wait behind it", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const a = await c.sketch(alice.id, { '{name}.ino': BLINK });
    const b = await c.sketch(bob.id, { '{name}.ino': BLINK });
    const first = (await c.compile(alice.id, a.id)).json() as CompileJob;
    const second = (await c.compile(alice.id, a.id)).json() as CompileJob;
    const bobs = (await c.compile(bob.id, b.id)).json() as CompileJob;
    expect(second).toMatchObject({ status: 'queued', queue_position: 0 });
    const waiting = await f.call(alice.id, 'GET', `/create/v2/compilations/${second.id}`);
    expect(waiting.json()).toMatchObject({ status: 'queued', queue_position: 0 });

    const [one, two, three] = [
      await c.finished(alice.id, first.id),
      await c.finished(alice.id, second.id),
      await c.finished(bob.id, bobs.id),
    ];
    expect([one.status, two.status, three.status]).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Alice's second started only once her first had ended; Bob's started before it.
    expect(Date.parse(two.started_at as string)).toBeGreaterThanOrEqual(
      Date.parse(one.finished_at as string),
    );
    expect(Date.parse(three.started_at as string)).toBeLessThan(Date.parse(two.started_at as string));
    expect(two.queue_position).toBeUndefined();
  });

  it("never shows a job or artefact to another space, nor compiles another space's sketch", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const team = await f.space('pro', [[alice.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const mine = await c.sketch(alice.id, { '{name}.ino': BLINK });
    const job = await c.finished(alice.id, (await c.compile(alice.id, mine.id)).json().id);
    expect(job.status).toBe('succeeded');

    expect((await f.call(bob.id, 'GET', `/create/v2/compilations/${job.id}`)).statusCode).toBe(404);
    expect((await f.call(bob.id, 'GET', `/create/v2/compilations/${job.id}/artefact`)).statusCode).toBe(404);
    expect((await c.compile(bob.id, mine.id)).statusCode).toBe(404);
    // Alice's own team space is another space too.
    expect(
      (await f.call(alice.id, 'GET', `/create/v2/compilations/${job.id}`, undefined, { space: team.id }))
        .statusCode,
    ).toBe(404);

    const teamSketch = await c.sketch(alice.id, { '{name}.ino': BLINK }, { organizationId: team.id });
    const teamJob = await c.compile(alice.id, teamSketch.id, 'arduino:avr:uno', team.id);
    expect(teamJob.statusCode).toBe(202);
    expect((await f.call(alice.id, 'GET', `/create/v2/compilations/${teamJob.json().id}`)).statusCode).toBe(
      404,
    );
    expect((await c.finished(alice.id, teamJob.json().id, team.id)).status).toBe('succeeded');
  });

  it("answers 412 once the plan's compiles of the last 24 hours are used, and the usage counts them", async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK });
    const repo = createCompileRepository(t.db);
    const space = { organizationId: null, ownerUserId: user.id };
    // The free plan allows 25 a day: 24 used within the day, one older that no longer counts.
    await repo.recordUse(space, new Date(Date.now() - 25 * 3_600_000));
    for (let i = 0; i < 24; i++) await repo.recordUse(space, new Date(Date.now() - i * 60_000));
    const last = await c.compile(user.id, sketch.id);
    expect(last.statusCode, last.body).toBe(202);

    const refused = await c.compile(user.id, sketch.id);
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({
      code: 'precondition_failed',
      detail: expect.stringContaining('25 compiles a day'),
    });
    await c.finished(user.id, last.json().id);
    // The plan usage shows the 25 of the last 24 hours, not the older one.
    expect((await createUsageSource(t.db).forUser(user.id)).create_compilation_day).toBe(25);
  });

  it('deletes jobs made more than an hour ago', async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK });
    const repo = createCompileRepository(t.db);
    const old = await repo.insert({
      organizationId: null,
      ownerUserId: user.id,
      userId: user.id,
      sketchId: sketch.id,
      fqbn: 'arduino:avr:uno',
    });
    await repo.update(old.id, { status: 'succeeded', createdAt: new Date(Date.now() - 61 * 60_000) });
    expect((await f.call(user.id, 'GET', `/create/v2/compilations/${old.id}`)).statusCode).toBe(200);
    // The next compile request cleans up.
    const next = await c.compile(user.id, sketch.id);
    expect((await f.call(user.id, 'GET', `/create/v2/compilations/${old.id}`)).statusCode).toBe(404);
    expect((await c.finished(user.id, next.json().id)).status).toBe('succeeded');
  });

  it('fails a sketch that includes a file of the server by its absolute path', async () => {
    const user = await t.createUser();
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'compile-secret-'));
    const secret = join(dir, 'secret.h');
    await writeFile(secret, 'int stolen = 1;\n');
    try {
      const sketch = await c.sketch(user.id, { '{name}.ino': `#include "${secret}"\n${BLINK}` });
      const job = await c.finished(user.id, (await c.compile(user.id, sketch.id)).json().id);
      expect(job.status).toBe('failed');
      expect(job.output).toContain('No such file or directory');
      expect(job.diagnostics[0]).toMatchObject({ file: `${sketch.name}.ino`, line: 1, severity: 'error' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
