import {
  type CompileBoards,
  type CompileJob,
  compileBoardsSchema,
  compileJobSchema,
} from '@tinkercloud/shared';
import { call, type SketchesApi } from '@/features/sketches/api/sketches-api.ts';

const enc = encodeURIComponent;

/** `GET /create/v2/compile/boards`: the boards this server builds for, or why it builds for none. */
export async function readCompileBoards(s: SketchesApi): Promise<CompileBoards> {
  return compileBoardsSchema.parse(await call(s, '/v2/compile/boards'));
}

/** `POST /create/v2/sketches/byID/{id}/compile`: the job, queued (202). */
export async function startCompile(s: SketchesApi, sketchId: string, fqbn: string): Promise<CompileJob> {
  return compileJobSchema.parse(
    await call(s, `/v2/sketches/byID/${enc(sketchId)}/compile`, 'POST', { fqbn }),
  );
}

/** `GET /create/v2/compilations/{id}`. */
export async function readCompileJob(s: SketchesApi, jobId: string): Promise<CompileJob> {
  return compileJobSchema.parse(await call(s, `/v2/compilations/${enc(jobId)}`));
}

/** A built program: Intel HEX text for AVR boards, raw bytes otherwise. */
export type Artefact =
  | { name: string; format: 'hex'; text: string }
  | { name: string; format: 'bin'; bytes: Uint8Array };

/** `GET /create/v2/compilations/{id}/artefact` (the API client reads text as text and octet streams as a Blob). */
export async function readArtefact(s: SketchesApi, job: CompileJob): Promise<Artefact> {
  if (!job.artefact) throw new Error('This build made no program.');
  const body = await call<string | Blob>(s, `/v2/compilations/${enc(job.id)}/artefact`);
  const { name, format } = job.artefact;
  if (format === 'hex') return { name, format, text: typeof body === 'string' ? body : await body.text() };
  const bytes =
    typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(await body.arrayBuffer());
  return { name, format, bytes };
}

/** The artefact as a file: a download, or the OTA upload's `ota_file`. */
export function artefactFile(artefact: Artefact): File {
  return artefact.format === 'hex'
    ? new File([artefact.text], artefact.name, { type: 'text/plain' })
    : new File([artefact.bytes as Uint8Array<ArrayBuffer>], artefact.name, {
        type: 'application/octet-stream',
      });
}
