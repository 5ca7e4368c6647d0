import type { UserManager } from 'oidc-client-ts';

/** The token call is retried up to 3 times (spec 7.1): at most 4 tries in all. */
export const TOKEN_CALL_RETRIES = 3;

type Fetch = (url: string, init?: RequestInit & { timeoutInSeconds?: number }) => Promise<Response>;
interface TokenClient {
  _jsonService: { fetchWithTimeout: Fetch };
}

/** Answers from in front of the provider (a gateway, or the provider down): the call was not taken. */
const NOT_TAKEN = new Set([502, 503, 504]);

/**
 * Retries the token endpoint's calls (code exchange and refresh) only when the provider cannot have taken
 * them: a network error before any answer, or 502/503/504. A refresh token is rotated on use and a code is
 * used once, so sending one again after the provider took it is a reuse, which revokes the whole grant and
 * signs the user out: a time-out (the answer may be lost on the way back), a 500 and every other answer are
 * final. Each try times out after `timeoutSec` (the library sets no time-out on refreshes).
 *
 * oidc-client-ts has no fetch option, so this wraps the fetch of its two token clients (the response
 * validator's, which exchanges codes, and the client's own, which refreshes): library internals, kept to this
 * file and checked by its test against the real library.
 */
export function retryTokenCalls(manager: UserManager, timeoutSec: number): void {
  const { _client: client } = manager as unknown as {
    _client: { _tokenClient: TokenClient; _validator: { _tokenClient: TokenClient } };
  };
  for (const { _jsonService: service } of [client._tokenClient, client._validator._tokenClient]) {
    const once = service.fetchWithTimeout.bind(service);
    service.fetchWithTimeout = async (url, init) => {
      for (let retry = 0; ; retry += 1) {
        const last = retry === TOKEN_CALL_RETRIES;
        try {
          const response = await once(url, {
            ...init,
            timeoutInSeconds: init?.timeoutInSeconds ?? timeoutSec,
          });
          if (!NOT_TAKEN.has(response.status) || last) return response;
        } catch (error) {
          if (last || (error as Error).name === 'ErrorTimeout') throw error;
        }
      }
    };
  }
}
