import type { AppConfig } from '@tinkercloud/shared';
import type { ApiRequest, RequestOptions } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** The files host's calls (`hosts.create`, `/create` on our server), always in the selected space. */
export interface SketchesApi {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

/** `/v2/sketches/byID/x` on the files host. */
export const createHostUrl = (config: AppConfig, path: string) => joinUrl(config.hosts.create, path);

/**
 * A files API path (`$HOME/sketches_v2/Blink/Blink.ino`) in a URL: each segment encoded, the slashes kept, as
 * the server reads the rest of the URL as the path. `$` is legal in a path and stays as Arduino's clients
 * send it.
 */
export const encodePath = (path: string) =>
  path
    .split('/')
    .map((part) => encodeURIComponent(part).replaceAll('%24', '$'))
    .join('/');

export const call = <T>(
  { api, config, space }: SketchesApi,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> => {
  const options: RequestOptions = { method, organization: space };
  if (body !== undefined) options.body = body;
  return api<T>(createHostUrl(config, path), options);
};
