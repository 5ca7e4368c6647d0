import { queryOptions } from '@tanstack/react-query';
import {
  type CreateSketchBody,
  type Sketch,
  type SketchFile,
  type SketchSecrets,
  sketchFileSchema,
  sketchSchema,
  sketchSecretsSchema,
} from '@tinkercloud/shared';
import { sketchKeys } from './sketch-keys.ts';
import { call, encodePath, type SketchesApi } from './sketches-api.ts';

/** The fetchers and queries of `packages/shared/src/sketches/contracts.ts`, one per route the web uses. */

const byId = (id: string) => `/v2/sketches/byID/${encodeURIComponent(id)}`;
const filePath = (path: string) => `/v2/files/f/${encodePath(path)}`;

export const fetchSketch = async (s: SketchesApi, id: string): Promise<Sketch> =>
  sketchSchema.parse(await call(s, byId(id)));

export function sketchQueryOptions(s: SketchesApi, id: string) {
  return queryOptions({ queryKey: sketchKeys.sketch(s.space, id), queryFn: () => fetchSketch(s, id) });
}

export const fetchSketchFile = async (s: SketchesApi, path: string): Promise<SketchFile> =>
  sketchFileSchema.parse(await call(s, filePath(path)));

/** One file with its content, keyed by its name inside the sketch. */
export function sketchFileQueryOptions(s: SketchesApi, sketchId: string, name: string, path: string) {
  return queryOptions({
    queryKey: sketchKeys.file(s.space, sketchId, name),
    queryFn: () => fetchSketchFile(s, path),
    // The editor holds the user's edits; a background read must not race them.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const fetchSecrets = async (s: SketchesApi, id: string): Promise<SketchSecrets> =>
  sketchSecretsSchema.parse(await call(s, `${byId(id)}/secrets`));

export function secretsQueryOptions(s: SketchesApi, id: string) {
  return queryOptions({ queryKey: sketchKeys.secrets(s.space, id), queryFn: () => fetchSecrets(s, id) });
}

export const createSketch = async (s: SketchesApi, body: CreateSketchBody): Promise<Sketch> =>
  sketchSchema.parse(await call(s, '/v2/sketches', 'POST', body));

export const renameSketch = async (s: SketchesApi, id: string, name: string): Promise<Sketch> =>
  sketchSchema.parse(await call(s, byId(id), 'PATCH', { name }));

export const duplicateSketch = async (s: SketchesApi, id: string, name?: string): Promise<Sketch> =>
  sketchSchema.parse(await call(s, `${byId(id)}/duplicate`, 'POST', name ? { name } : {}));

/** To the trash; the groups trash restores it. */
export const deleteSketch = (s: SketchesApi, id: string) => call<void>(s, byId(id), 'DELETE');

/** The sketch as a zip (`{name}/…`, secrets left empty); the API client answers a zip as a Blob. */
export const fetchSketchZip = (s: SketchesApi, id: string) => call<Blob>(s, `${byId(id)}/zip`);

/** Creates or replaces one file; `data` is base64. */
export const writeSketchFile = (s: SketchesApi, path: string, data: string) =>
  call<unknown>(s, filePath(path), 'POST', { data });

export const deleteSketchFile = (s: SketchesApi, path: string) => call<void>(s, filePath(path), 'DELETE');

export const moveSketchFile = (s: SketchesApi, from: string, to: string) =>
  call<unknown>(s, '/v2/files/mv', 'POST', { from, to });

export const putSecrets = (s: SketchesApi, id: string, secrets: SketchSecrets) =>
  call<unknown>(s, `${byId(id)}/secrets`, 'PUT', secrets);
