import {
  AUTHENTICATION_ERROR_DETAIL,
  type ErrorBody,
  MY_CLOUD_SPACE_ID,
  toErrorBody,
} from '@tinkercloud/shared';

/** A failed call, carrying the spec's error body (section 8) so pages can show name and detail. */
export class ApiError extends Error implements ErrorBody {
  readonly code: string;
  readonly detail: string;
  readonly id: string;
  readonly status: number;
  readonly url: string;

  constructor(body: ErrorBody) {
    super(body.detail);
    this.name = body.name;
    this.code = body.code;
    this.detail = body.detail;
    this.id = body.id;
    this.status = body.status;
    this.url = body.url;
  }
}

/** Thrown when no access token can be obtained; 401 so the query client does not retry it. */
export function authenticationError(): ApiError {
  return new ApiError(
    toErrorBody({
      code: 'unauthorized',
      name: 'Unauthorized',
      detail: AUTHENTICATION_ERROR_DETAIL,
      status: 401,
    }),
  );
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** The selected space id; omitted for My Cloud. */
  organization?: string | undefined;
  /** False for public feeds that must not receive our token (the status feed). */
  auth?: boolean;
  signal?: AbortSignal;
}

export type ApiRequest = <T>(url: string, options?: RequestOptions) => Promise<T>;

export interface ApiClientDeps {
  getAccessToken: () => Promise<string>;
  /** A 401 to a call with `token`: the token to repeat the call with once (a new sign-in), or null. */
  tokenRefused?: (token: string) => Promise<string | null>;
  fetch?: typeof fetch;
}

const BLOB_TYPES = /^(application\/(zip|octet-stream)|image\/)/;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return response.json();
  if (BLOB_TYPES.test(type)) return response.blob();
  return response.text();
}

async function toApiError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return new ApiError(toErrorBody(await response.json(), response.status));
    } catch {
      // Falls through: a body that claims JSON but is not is treated like any other non-JSON body.
    }
  }
  const detail = `Network request error with status ${response.status}.`;
  return new ApiError(toErrorBody({ detail }, response.status));
}

/**
 * The product's fetch: bearer token, JSON content type (not for multipart), X-Organization outside My Cloud,
 * and every status ≥ 400 turned into an ApiError with the section 8 defaults.
 */
export function createApiClient(deps: ApiClientDeps): ApiRequest {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  return async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const headers = new Headers();
    let token = '';
    if (options.auth !== false) {
      try {
        token = await deps.getAccessToken();
      } catch {
        throw authenticationError();
      }
      if (!token) throw authenticationError();
    }
    const multipart = options.body instanceof FormData;
    if (!multipart) headers.set('Content-Type', 'application/json');
    if (options.organization && options.organization !== MY_CLOUD_SPACE_ID) {
      headers.set('X-Organization', options.organization);
    }
    let body: BodyInit | undefined;
    if (multipart) body = options.body as FormData;
    else if (options.body !== undefined) body = JSON.stringify(options.body);

    const send = (bearer: string) => {
      if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
      return doFetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
    };
    let response = await send(token);
    if (response.status === 401 && token && deps.tokenRefused) {
      const next = await deps.tokenRefused(token);
      if (next) response = await send(next);
    }
    if (response.status >= 400) throw await toApiError(response);
    return (await readBody(response)) as T;
  };
}
