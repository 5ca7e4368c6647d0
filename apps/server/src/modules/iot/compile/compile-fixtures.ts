import type { CompileJob } from '@tinkercloud/shared';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { createSketchesRepository } from '../sketches/sketches.repository.ts';
import type { IotFixtures } from '../testing/iot-fixtures.ts';

/** Test helpers of the compile API: sketches stored as the sketches repository stores them, jobs awaited. */
export function compileFixtures(t: TestApp, f: IotFixtures) {
  let n = 0;
  return {
    /** A sketch `{name}` of the user's space (My Cloud, or `organizationId`) with these files. */
    async sketch(
      userId: string,
      files: Record<string, string>,
      opts: { name?: string; organizationId?: string } = {},
    ) {
      n += 1;
      const name = opts.name ?? `Sketch${n}`;
      return createSketchesRepository(t.db).insert({
        organizationId: opts.organizationId ?? null,
        ownerUserId: userId,
        name,
        sketchVersion: 'v2',
        files: Object.entries(files).map(([file, content]) => ({
          name: file.replace('{name}', name),
          content,
        })),
      });
    },

    async compile(userId: string, sketchId: string, fqbn = 'arduino:avr:uno', space?: string) {
      return f.call(userId, 'POST', `/create/v2/sketches/byID/${sketchId}/compile`, { fqbn }, { space });
    },

    /** Polls the job until it has finished (status reads, never a fixed sleep). */
    async finished(userId: string, jobId: string, space?: string): Promise<CompileJob> {
      let job: CompileJob | undefined;
      await expect
        .poll(
          async () => {
            const res = await f.call(userId, 'GET', `/create/v2/compilations/${jobId}`, undefined, { space });
            job = res.json() as CompileJob;
            return ['queued', 'running'].includes(job.status) ? 'waiting' : 'finished';
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe('finished');
      return job as CompileJob;
    },
  };
}

export const BLINK = `#include "arduino_secrets.h"

void setup() {
  pinMode(LED_BUILTIN, OUTPUT);
}

void loop() {
  digitalWrite(LED_BUILTIN, HIGH);
  delay(500);
  digitalWrite(LED_BUILTIN, LOW);
  delay(500);
}
`;

/** Blink with a name never declared (line 10). */
export const BROKEN = BLINK.replace(
  '  delay(500);\n  digitalWrite(LED_BUILTIN, LOW);',
  '  delay(500);\n  blinkCount = 3;',
);
