import type { UserManager } from 'oidc-client-ts';

/** The token call is retried up to 3 times (spec 7.1): at most 4 tries in all. */
export const TOKEN_CALL_RETRIES = 3;

type Fetch = (url: string, init?: RequestInit & { timeoutInSeconds?: number }) => Promise<Response>;
interface TokenClient {
  _jsonService: { fetchWithTimeout: Fetch };
}

/**
 * Retries the token endpoint's calls (code exchange and refresh) when they fail on the way (network error,
 * time-out) or on the provider's side (5xx); an answer below 500 (`invalid_grant`, …) is final. Each try
 * times out after `timeoutSec` (the library sets no time-out on refreshes).
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
          if (response.status < 500 || last) return response;
        } catch (error) {
          if (last) throw error;
        }
      }
    };
  }
}
