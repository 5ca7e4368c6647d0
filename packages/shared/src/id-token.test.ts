import { describe, expect, it } from 'vitest';
import {
  checkIdTokenClaims,
  decodeJwt,
  type IdTokenCheckOptions,
  IdTokenError,
  type JwtPayload,
} from './id-token.ts';

const NOW_SEC = 1_700_000_000;
const options: IdTokenCheckOptions = {
  issuer: 'https://cloud.example/auth',
  clientId: 'web',
  now: NOW_SEC * 1000,
  leewaySec: 60,
};
const header = { alg: 'RS256', typ: 'JWT', kid: 'k1' };
const payload: JwtPayload = {
  iss: 'https://cloud.example/auth',
  sub: 'user-1',
  aud: 'web',
  exp: NOW_SEC + 300,
  iat: NOW_SEC - 10,
};

function check(overrides: JwtPayload = {}, opts: Partial<IdTokenCheckOptions> = {}, hdr = header) {
  const claims = { ...payload, ...overrides };
  for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key];
  return () => checkIdTokenClaims(hdr, claims, { ...options, ...opts });
}

function segment(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('decodeJwt', () => {
  it('decodes header and payload of a three-part token, including UTF-8 and base64url characters', () => {
    const claims = { sub: 'u', name: 'Zoë ~~~ ???', n: 1 };
    const decoded = decodeJwt(`${segment(header)}.${segment(claims)}.sig`);
    expect(decoded.header).toEqual(header);
    expect(decoded.payload).toEqual(claims);
  });

  it('refuses tokens without exactly three parts', () => {
    expect(() => decodeJwt(`${segment(header)}.${segment(payload)}`)).toThrow(IdTokenError);
    expect(() => decodeJwt(`${segment(header)}.${segment(payload)}.a.b`)).toThrow(IdTokenError);
    expect(() => decodeJwt('')).toThrow(/three/);
  });

  it('refuses parts that are not JSON objects', () => {
    expect(() => decodeJwt(`${segment(header)}.${segment([1, 2])}.sig`)).toThrow(IdTokenError);
    expect(() => decodeJwt(`${segment(header)}.bm90IGpzb24.sig`)).toThrow(IdTokenError);
  });
});

describe('checkIdTokenClaims', () => {
  it('accepts a valid token', () => {
    expect(check()).not.toThrow();
  });

  it('requires the issuer to match', () => {
    expect(check({ iss: undefined })).toThrow(/iss is missing/);
    expect(check({ iss: 'https://evil.example/' })).toThrow(/iss is https:\/\/evil\.example\//);
    expect(check({ iss: 'https://cloud.example/auth/' })).toThrow(IdTokenError);
  });

  it('requires a subject', () => {
    expect(check({ sub: undefined })).toThrow(/sub is missing/);
    expect(check({ sub: '' })).toThrow(/sub is missing/);
    expect(check({ sub: 42 })).toThrow(/sub is missing/);
  });

  it('requires RS256', () => {
    expect(check({}, {}, { ...header, alg: 'HS256' })).toThrow(/alg is HS256/);
    expect(check({}, {}, { ...header, alg: 'none' })).toThrow(/expected RS256/);
    expect(check({}, {}, { typ: 'JWT', kid: 'k1', alg: undefined as unknown as string })).toThrow(/alg/);
  });

  it('requires the audience to name the client', () => {
    expect(check({ aud: undefined })).toThrow(/aud must be/);
    expect(check({ aud: [] })).toThrow(/aud must be/);
    expect(check({ aud: 'other' })).toThrow(/aud does not name this client/);
    expect(check({ aud: ['other', 'another'], azp: 'web' })).toThrow(/aud does not name/);
    expect(check({ aud: ['web', 7] })).toThrow(/aud must be/);
    expect(check({ aud: ['web'] })).not.toThrow();
  });

  it('with several audiences requires an authorized party equal to the client', () => {
    expect(check({ aud: ['web', 'https://api.example'] })).toThrow(/azp/);
    expect(check({ aud: ['web', 'https://api.example'], azp: 'other' })).toThrow(/azp/);
    expect(check({ aud: ['web', 'https://api.example'], azp: 'web' })).not.toThrow();
  });

  it('checks the nonce only when one was sent', () => {
    expect(check({ nonce: 'n1' }, { nonce: 'n1' })).not.toThrow();
    expect(check({ nonce: 'n2' }, { nonce: 'n1' })).toThrow(/nonce/);
    expect(check({}, { nonce: 'n1' })).toThrow(/nonce/);
    expect(check({ nonce: 'whatever' })).not.toThrow();
  });

  it('requires exp and iat to be numbers', () => {
    expect(check({ exp: undefined })).toThrow(/exp must be a number/);
    expect(check({ exp: String(NOW_SEC + 300) })).toThrow(/exp must be a number/);
    expect(check({ iat: undefined })).toThrow(/iat must be a number/);
    expect(check({ iat: 'yesterday' })).toThrow(/iat must be a number/);
  });

  it('refuses an expired token, allowing 60 s of leeway', () => {
    expect(check({ exp: NOW_SEC - 60 })).not.toThrow();
    expect(check({ exp: NOW_SEC - 61 })).toThrow(/expired/);
  });

  it('checks not-before with leeway', () => {
    expect(check({ nbf: NOW_SEC + 60 })).not.toThrow();
    expect(check({ nbf: NOW_SEC + 61 })).toThrow(/not valid yet/);
    expect(check({ nbf: 'soon' })).toThrow(/nbf must be a number/);
  });

  it('checks auth_time: a number, not in the future, and within max_age when asked', () => {
    expect(check({ auth_time: NOW_SEC - 100 })).not.toThrow();
    expect(check({ auth_time: 'then' })).toThrow(/auth_time must be a number/);
    expect(check({ auth_time: NOW_SEC + 61 })).toThrow(/future/);
    expect(check({ auth_time: NOW_SEC - 100 }, { maxAge: 40 })).not.toThrow();
    expect(check({ auth_time: NOW_SEC - 101 }, { maxAge: 40 })).toThrow(/maximum age/);
    expect(check({}, { maxAge: 40 })).toThrow(/auth_time must be a number/);
  });

  it('checks the organization id when an org_ id is given', () => {
    expect(check({ org_id: 'org_123' }, { organization: 'org_123' })).not.toThrow();
    expect(check({ org_id: 'org_456' }, { organization: 'org_123' })).toThrow(/org_id/);
    expect(check({}, { organization: 'org_123' })).toThrow(/org_id/);
  });

  it('checks the organization name case-insensitively otherwise', () => {
    expect(check({ org_name: 'acme' }, { organization: 'ACME' })).not.toThrow();
    expect(check({ org_name: 'other' }, { organization: 'acme' })).toThrow(/org_name/);
    expect(check({}, { organization: 'acme' })).toThrow(/org_name/);
  });

  it('ignores organization claims when no organization is expected', () => {
    expect(check({ org_id: 'org_999' }, { organization: '  ' })).not.toThrow();
  });
});
