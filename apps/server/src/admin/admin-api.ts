import { errorBodySchema } from '@tinkercloud/shared';

/** Nothing listens at the credential file's address: no server runs there (a file left by a crash). */
export class ServerNotRunning extends Error {}

/** The server answered with an error: its `detail` is what the operator reads. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** Deleting an account with a large My Cloud takes a while; the rest answers in milliseconds. */
const TIMEOUT_MS = 120_000;

function refused(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as NodeJS.ErrnoException).code === 'ECONNREFUSED') return true;
  }
  return false;
}

/** The running server's admin API, called with the local credential of its `admin-credential` file. */
export function createAdminApi(server: { url: string; token: string }) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${server.token}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      if (refused(err)) throw new ServerNotRunning(`nothing answers at ${server.url}`);
      const reason =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : '';
      throw new Error(`the server at ${server.url} did not answer (${reason || String(err)})`);
    }
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
    if (res.ok && (json || text === '')) return (text ? JSON.parse(text) : undefined) as T;
    if (res.ok) {
      // The web app's page, served for paths the server has no route for: a server without this route.
      throw new AdminApiError(404, 'no_route', `the server at ${server.url} has no route ${method} ${path}`);
    }
    let parsed: ReturnType<typeof errorBodySchema.safeParse> | undefined;
    try {
      parsed = errorBodySchema.safeParse(JSON.parse(text));
    } catch {
      // Not our error body: said below with the status.
    }
    if (parsed?.success) throw new AdminApiError(res.status, parsed.data.code, parsed.data.detail);
    throw new AdminApiError(res.status, 'unexpected', `the server at ${server.url} answered ${res.status}`);
  }

  return {
    url: server.url,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
    delete: (path: string) => call<void>('DELETE', path),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;
