import { z } from 'zod';

/**
 * Verify: a compile of a sketch on the server (issue 26 item 5).
 *
 * - `GET  /create/v2/compile/boards`                  which boards this server can build for, and whether a
 *                                                      toolchain is installed at all (with how to add one)
 * - `POST /create/v2/sketches/byID/{id}/compile`      body `{fqbn}`: 202 with the job (queued)
 * - `GET  /create/v2/compilations/{id}`               the job: status, output, diagnostics, sizes
 * - `GET  /create/v2/compilations/{id}/artefact`      the program (`.hex` for AVR, `.bin` otherwise)
 *
 * One job per user runs at a time; more wait in a queue. A job that ends is kept for an hour.
 */

export const COMPILE_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
] as const;
export type CompileStatus = (typeof COMPILE_STATUSES)[number];
export const isCompileFinished = (s: CompileStatus) => s !== 'queued' && s !== 'running';

export const compileDiagnosticSchema = z.object({
  /** A file of the sketch (`Blink.ino`), or a core or library file the sketch does not hold. */
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type CompileDiagnostic = z.infer<typeof compileDiagnosticSchema>;

export const compileSizeSchema = z.object({
  flash_bytes: z.number().int(),
  flash_max: z.number().int().optional(),
  ram_bytes: z.number().int().optional(),
  ram_max: z.number().int().optional(),
});
export type CompileSize = z.infer<typeof compileSizeSchema>;

export const compileJobSchema = z.object({
  id: z.string(),
  sketch_id: z.string(),
  fqbn: z.string(),
  status: z.enum(COMPILE_STATUSES),
  /** Jobs ahead of this one in the queue, while queued. */
  queue_position: z.number().int().optional(),
  created_at: z.string(),
  started_at: z.string().optional(),
  finished_at: z.string().optional(),
  /** The builder's output, cut at the server's output limit. */
  output: z.string(),
  diagnostics: z.array(compileDiagnosticSchema),
  size: compileSizeSchema.optional(),
  artefact: z
    .object({ name: z.string(), bytes: z.number().int(), format: z.enum(['hex', 'bin']) })
    .optional(),
});
export type CompileJob = z.infer<typeof compileJobSchema>;

export const compileBodySchema = z.object({
  fqbn: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[a-zA-Z0-9_.-]+:[a-zA-Z0-9_.-]+:[a-zA-Z0-9_.-]+(:[a-zA-Z0-9_.=,-]+)?$/),
});

export const compileBoardsSchema = z.object({
  /** False when no Arduino builder is installed: `hint` says how to add one. */
  available: z.boolean(),
  hint: z.string().optional(),
  boards: z.array(
    z.object({
      fqbn: z.string(),
      name: z.string(),
      /** The architecture the simulator can run (`avr` for ATmega328P boards). */
      architecture: z.string(),
      /** An ATmega328P the browser can simulate (Uno, Nano). */
      simulated: z.boolean(),
    }),
  ),
});
export type CompileBoards = z.infer<typeof compileBoardsSchema>;
