import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';

export interface TokenVerifier {
  /** True when tokens come from an external provider, whose subjects we map onto local users. */
  readonly external: boolean;
  verify(token: string): Promise<JWTPayload & { sub: string }>;
  /** The provider's userinfo for a valid access token (external providers only). */
  userinfo?(token: string): Promise<Record<string, unknown>>;
}

interface Expectations {
  issuer: string;
  audience: string;
}

function build(
  keys: Parameters<typeof jwtVerify>[1],
  expect: Expectations,
  external: boolean,
): TokenVerifier {
  return {
    external,
    async verify(token) {
      const { payload } = await jwtVerify(token, keys as never, {
        issuer: expect.issuer,
        audience: expect.audience,
        algorithms: ['RS256'],
        clockTolerance: 60,
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0)
        throw new Error('token has no subject');
      return payload as JWTPayload & { sub: string };
    },
  };
}

/** For the embedded provider: its public keys are in this process, no HTTP round trip needed. */
export function createLocalVerifier(jwks: JSONWebKeySet, expect: Expectations): TokenVerifier {
  return build(createLocalJWKSet(jwks), expect, false);
}

const discoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});

/** For an external provider: reads its discovery document once, then its JWKS (cached and refreshed by jose). */
export function createRemoteVerifier(expect: Expectations): TokenVerifier {
  let discovered: Promise<{ verifier: TokenVerifier; userinfoUrl: string | undefined }> | undefined;
  const load = async () => {
    const url = `${expect.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`OIDC discovery failed with status ${res.status}`);
    const doc = discoverySchema.parse(await res.json());
    // OpenID Connect Discovery: the document must name the issuer it was fetched for.
    if (doc.issuer.replace(/\/$/, '') !== expect.issuer.replace(/\/$/, '')) {
      throw new Error(`OIDC discovery names issuer ${doc.issuer}, expected ${expect.issuer}`);
    }
    const verifier = build(
      createRemoteJWKSet(new URL(doc.jwks_uri)),
      { ...expect, issuer: doc.issuer },
      true,
    );
    return { verifier, userinfoUrl: doc.userinfo_endpoint };
  };
  const discovery = () =>
    (discovered ??= load().catch((err) => {
      discovered = undefined; // retry discovery on the next request
      throw err;
    }));
  return {
    external: true,
    async verify(token) {
      return (await discovery()).verifier.verify(token);
    },
    async userinfo(token) {
      const { userinfoUrl } = await discovery();
      if (!userinfoUrl) return {};
      const res = await fetch(userinfoUrl, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`userinfo failed with status ${res.status}`);
      const body: unknown = await res.json();
      return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    },
  };
}
