import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api.ts';

type FetchArgs = [string, RequestInit];

function setup(response: Response | (() => Response), token = 'tok') {
  const calls: FetchArgs[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([String(input), init ?? {}]);
    return typeof response === 'function' ? response() : response;
  });
  const api = createApiClient({ getAccessToken: async () => token, fetch });
  const headers = (i = 0) => new Headers(calls[i]?.[1].headers);
  return { api, calls, headers };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('createApiClient requests', () => {
  it('sends the bearer token and a JSON content type', async () => {
    const { api, headers, calls } = setup(json({ ok: true }));
    await expect(api('/users/v1/users/settings')).resolves.toEqual({ ok: true });
    expect(calls[0]?.[1].method).toBe('GET');
    expect(headers().get('Authorization')).toBe('Bearer tok');
    expect(headers().get('Content-Type')).toBe('application/json');
  });

  it('serialises a body as JSON', async () => {
    const { api, calls } = setup(json({}));
    await api('/x', { method: 'PATCH', body: { name: 'Lab' } });
    expect(calls[0]?.[1].body).toBe('{"name":"Lab"}');
  });

  it('leaves the content type to the browser for multipart bodies', async () => {
    const { api, headers, calls } = setup(json({}));
    const form = new FormData();
    form.append('logo', new Blob(['x']), 'logo.png');
    await api('/logo', { method: 'POST', body: form });
    expect(headers().has('Content-Type')).toBe(false);
    expect(calls[0]?.[1].body).toBe(form);
  });

  it('sends X-Organization for an organisation and omits it for My Cloud', async () => {
    const { api, headers } = setup(() => json({}));
    await api('/a', { organization: 'org-1' });
    await api('/b', { organization: 'my-cloud' });
    await api('/c');
    expect(headers(0).get('X-Organization')).toBe('org-1');
    expect(headers(1).has('X-Organization')).toBe(false);
    expect(headers(2).has('X-Organization')).toBe(false);
  });

  it('sends no token to public feeds', async () => {
    const { headers, calls } = setup(json({}));
    const getAccessToken = vi.fn(async () => 'tok');
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(input), init ?? {}]);
      return json({});
    });
    await createApiClient({ getAccessToken, fetch })('/status/api/v2/status.json', { auth: false });
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(headers().has('Authorization')).toBe(false);
  });
});

describe('createApiClient without a token', () => {
  it('fails with Authentication error when the token getter throws', async () => {
    const fetch = vi.fn();
    const api = createApiClient({
      getAccessToken: async () => {
        throw new Error('no user');
      },
      fetch,
    });
    const error = await caught(api('/x'));
    expect(error.detail).toBe('Authentication error');
    expect(error.message).toBe('Authentication error');
    expect(error.status).toBe(401);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails with Authentication error on an empty token', async () => {
    const { api } = setup(json({}), '');
    expect((await caught(api('/x'))).detail).toBe('Authentication error');
  });
});

describe('createApiClient errors', () => {
  it('wraps a JSON error body, keeping its fields', async () => {
    const body = {
      code: 'not_found',
      name: 'Not found',
      detail: 'No such device',
      id: 'r1',
      status: 404,
      url: '/d',
    };
    const { api } = setup(json(body, 404));
    const error = await caught(api('/d'));
    expect(error).toBeInstanceOf(ApiError);
    expect({ ...error, name: error.name }).toMatchObject(body);
  });

  it('fills the section 8 defaults into a partial JSON error body', async () => {
    const { api } = setup(json({ detail: 'Quota exceeded' }, 429));
    const error = await caught(api('/x'));
    expect(error).toMatchObject({
      code: 'unexpected_error',
      detail: 'Quota exceeded',
      status: 429,
      id: '',
      url: '',
    });
    expect(error.name).toBe('Unexpected error');
  });

  it('uses the default detail when a JSON error body has none', async () => {
    const { api } = setup(json({}, 500));
    expect((await caught(api('/x'))).detail).toBe('Unexpected error. Please try again.');
  });

  it('reports a non-JSON error body with the status', async () => {
    const { api } = setup(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await caught(api('/x'));
    expect(error.detail).toBe('Network request error with status 502.');
    expect(error.status).toBe(502);
  });

  it('reports a body that claims JSON but is not like a non-JSON one', async () => {
    const { api } = setup(
      new Response('oops', { status: 500, headers: { 'Content-Type': 'application/json' } }),
    );
    expect((await caught(api('/x'))).detail).toBe('Network request error with status 500.');
  });
});

describe('createApiClient responses', () => {
  it('returns blobs for archives, binaries and images', async () => {
    for (const type of ['application/zip', 'application/octet-stream', 'image/png']) {
      const { api } = setup(new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': type } }));
      const body = await api<Blob>('/file');
      // Response and jsdom each bring their own Blob class, so compare the tag, not the constructor.
      expect(Object.prototype.toString.call(body)).toBe('[object Blob]');
      expect(body.type).toBe(type);
      expect(body.size).toBe(3);
    }
  });

  it('returns text for other types and nothing for 204', async () => {
    const { api } = setup(new Response('hello', { headers: { 'Content-Type': 'text/plain' } }));
    await expect(api('/t')).resolves.toBe('hello');
    const empty = setup(new Response(null, { status: 204 }));
    await expect(empty.api('/e')).resolves.toBeUndefined();
  });
});

describe('a call the API refuses with 401 (the session ended elsewhere)', () => {
  const unauthorized = () => json({ code: 'unauthorized', detail: 'Authentication error' }, 401);

  function refusing(next: string | null) {
    const answers = [unauthorized(), json({ saved: true })];
    const seen: string[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('Authorization') ?? '');
      return answers.shift() ?? unauthorized();
    });
    const tokenRefused = vi.fn(async () => next);
    const api = createApiClient({ getAccessToken: async () => 'old', tokenRefused, fetch });
    return { api, seen, tokenRefused };
  }

  it('goes again, once, with the token of the sign-in again, body and all', async () => {
    const { api, seen, tokenRefused } = refusing('new');
    await expect(api('/create/v2/files/f/x', { method: 'POST', body: { data: 'abc' } })).resolves.toEqual({
      saved: true,
    });
    expect(tokenRefused).toHaveBeenCalledWith('old');
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('lets the refusal stand when there is no new token', async () => {
    const { api, seen } = refusing(null);
    expect((await caught(api('/x'))).status).toBe(401);
    expect(seen).toEqual(['Bearer old']);
  });

  it('never asks for a call made without our token', async () => {
    const { api, tokenRefused } = refusing('new');
    expect((await caught(api('/status', { auth: false }))).status).toBe(401);
    expect(tokenRefused).not.toHaveBeenCalled();
  });
});
