/**
 * Our own checks on the ID token after a sign-in redirect (spec section 5). The OIDC library exchanges the
 * code and checks state and nonce, but it does not check issuer, audience, algorithm or times, so we do.
 * The signature itself is trusted because the token came straight from the token endpoint over TLS.
 */

export type JwtHeader = Record<string, unknown>;
export type JwtPayload = Record<string, unknown>;

export class IdTokenError extends Error {
  override name = 'IdTokenError';
}

export interface DecodedJwt {
  header: JwtHeader;
  payload: JwtPayload;
}

function decodeSegment(segment: string): Record<string, unknown> {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  const value: unknown = JSON.parse(json);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/** Splits a compact JWT and decodes header and payload; a token without exactly three parts is refused. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  const [header, payload, signature] = parts;
  if (parts.length !== 3 || !header || !payload || signature === undefined) {
    throw new IdTokenError('ID token could not be decoded: it needs three base64url parts');
  }
  try {
    return { header: decodeSegment(header), payload: decodeSegment(payload) };
  } catch {
    throw new IdTokenError('ID token could not be decoded: it needs three base64url parts');
  }
}

export interface IdTokenCheckOptions {
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorization request, when one was sent. */
  nonce?: string | undefined;
  /** Current time in milliseconds (Date.now()). */
  now: number;
  /** Clock skew allowed on every time check, in seconds (60 per spec section 9). */
  leewaySec: number;
  /** Maximum authentication age in seconds, when the request asked for one. */
  maxAge?: number | undefined;
  /** An organization id (`org_…`) or name the token must belong to. */
  organization?: string | undefined;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';

function fail(message: string): never {
  throw new IdTokenError(`ID token rejected: ${message}`);
}

function checkAudience(payload: JwtPayload, clientId: string): void {
  const audiences: unknown[] = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length === 0 || !audiences.every(isString)) fail('aud must be a string or a list of strings');
  if (!audiences.includes(clientId)) fail(`aud does not name this client (${clientId})`);
  // With several audiences the token must say which of them it was issued to (the authorized party).
  if (audiences.length > 1 && payload.azp !== clientId)
    fail(`azp must be ${clientId} when aud has several values`);
}

function checkTimes(payload: JwtPayload, options: IdTokenCheckOptions): void {
  const { exp, iat, nbf, auth_time: authTime } = payload;
  if (!isNumber(exp)) fail('exp must be a number');
  if (!isNumber(iat)) fail('iat must be a number');
  const now = options.now / 1000;
  const leeway = options.leewaySec;
  if (now > exp + leeway) fail('the token has expired');
  if (nbf !== undefined) {
    if (!isNumber(nbf)) fail('nbf must be a number');
    if (now < nbf - leeway) fail('the token is not valid yet (nbf)');
  }
  if (authTime === undefined && options.maxAge === undefined) return;
  if (!isNumber(authTime)) fail('auth_time must be a number');
  if (authTime > now + leeway) fail('auth_time lies in the future');
  if (options.maxAge !== undefined && now > authTime + options.maxAge + leeway) {
    fail('the last sign-in is older than the allowed maximum age');
  }
}

function checkOrganization(payload: JwtPayload, organization: string): void {
  // Ids are prefixed `org_`; anything else is a name, compared case-insensitively because providers
  // normalise organisation names.
  if (organization.startsWith('org_')) {
    if (payload.org_id !== organization) fail(`org_id must be ${organization}`);
    return;
  }
  const name = payload.org_name;
  if (!isString(name) || name.toLowerCase() !== organization.toLowerCase()) {
    fail(`org_name must be ${organization}`);
  }
}

/** Throws an IdTokenError naming the first rule the token breaks; returns quietly when all hold. */
export function checkIdTokenClaims(
  header: JwtHeader,
  payload: JwtPayload,
  options: IdTokenCheckOptions,
): void {
  if (!isString(payload.iss)) fail('iss is missing');
  if (payload.iss !== options.issuer) fail(`iss is ${payload.iss}, expected ${options.issuer}`);
  if (!isString(payload.sub) || payload.sub.length === 0) fail('sub is missing');
  if (header.alg !== 'RS256') fail(`alg is ${String(header.alg)}, expected RS256`);
  checkAudience(payload, options.clientId);
  if (options.nonce !== undefined && payload.nonce !== options.nonce)
    fail('nonce does not match the request');
  checkTimes(payload, options);
  const organization = options.organization?.trim();
  if (organization) checkOrganization(payload, organization);
}
