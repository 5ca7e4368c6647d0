/**
 * The bounds of a compile, each with a server configured for it: the time limit, the output limit, and no
 * toolchain at all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/database.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';
import { createCompileRepository } from './compile.repository.ts';
import { BLINK, compileFixtures } from './compile-fixtures.ts';

describe('the time limit', async () => {
  // Far below what a build takes, so the job is always stopped.
  const { t, f } = await iotTestApp({ COMPILE_TIMEOUT_SECONDS: '0.05' });
  const c = compileFixtures(t, f);
  afterAll(() => t.close());

  it('stops the build past it: timed_out, no artefact, and the next job runs', async () => {
    const user = await t.createUser();
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK });
    const job = await c.finished(user.id, (await c.compile(user.id, sketch.id)).json().id);
    expect(job.status).toBe('timed_out');
    expect(job.output).toContain('[stopped: over the time limit]');
    expect(job.artefact).toBeUndefined();
    const next = await c.finished(user.id, (await c.compile(user.id, sketch.id)).json().id);
    expect(next.status).toBe('timed_out');
  });
});

describe('closing the server', () => {
  it('kills the running build and cancels the waiting jobs instead of waiting for them', async () => {
    // A database that outlives the app, to read the jobs after it closed.
    const database = await openTestDatabase();
    try {
      const { t, f } = await iotTestApp({}, { database });
      const c = compileFixtures(t, f);
      const user = await t.createUser();
      // Twenty thousand functions: a build that takes far longer than the test waits before closing.
      const slow = Array.from({ length: 20_000 }, (_, i) => `int f${i}(int x) { return x * ${i} + 1; }`);
      const sketch = await c.sketch(user.id, { '{name}.ino': `${slow.join('\n')}\n${BLINK}` });
      const running = (await c.compile(user.id, sketch.id)).json().id as string;
      const waiting = (await c.compile(user.id, sketch.id)).json().id as string;
      await expect
        .poll(async () => (await f.call(user.id, 'GET', `/create/v2/compilations/${running}`)).json().status)
        .toBe('running');
      await t.close();
      const repo = createCompileRepository(database.db);
      const space = { organizationId: null, ownerUserId: user.id };
      expect((await repo.find(space, running))?.status).toBe('cancelled');
      expect((await repo.find(space, waiting))?.status).toBe('cancelled');
    } finally {
      await database.close();
    }
  });
});

describe('the output limit', async () => {
  const { t, f } = await iotTestApp({ COMPILE_OUTPUT_LIMIT_BYTES: '600' });
  const c = compileFixtures(t, f);
  afterAll(() => t.close());

  it('keeps the output up to it and says it was cut', async () => {
    const user = await t.createUser();
    // Forty undeclared names: far more than 600 bytes of errors.
    const body = Array.from({ length: 40 }, (_, i) => `  missing${i} = ${i};`).join('\n');
    const sketch = await c.sketch(user.id, { '{name}.ino': `void setup() {\n${body}\n}\nvoid loop() {}\n` });
    const job = await c.finished(user.id, (await c.compile(user.id, sketch.id)).json().id);
    expect(job.status).toBe('failed');
    expect(job.output).toMatch(/\n\[output cut: more than 600 bytes\]$/);
    const kept = job.output.slice(0, job.output.lastIndexOf('\n[output cut'));
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(600);
    // The diagnostics come from what was kept.
    expect(job.diagnostics.length).toBeGreaterThan(0);
    expect(job.diagnostics.length).toBeLessThan(40);
  });
});

describe('no toolchain', async () => {
  const { t, f } = await iotTestApp({ COMPILE_BUILDER: '/nonexistent/arduino-builder' });
  const c = compileFixtures(t, f);
  afterAll(() => t.close());

  it('lists no boards with a hint, and a compile answers 503 with it', async () => {
    const user = await t.createUser();
    const boards = await f.call(user.id, 'GET', '/create/v2/compile/boards');
    expect(boards.statusCode).toBe(200);
    expect(boards.json()).toMatchObject({ available: false, boards: [] });
    const hint = boards.json().hint as string;
    for (const word of ['arduino-builder', 'arduino-core-avr', 'gcc-avr', 'avr-libc', 'arduino-ctags']) {
      expect(hint).toContain(word);
    }
    expect(hint).toContain('COMPILE_HARDWARE_DIRS');
    const sketch = await c.sketch(user.id, { '{name}.ino': BLINK });
    const res = await c.compile(user.id, sketch.id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'service_unavailable', detail: hint });
  });
});
