import { describe, expect, it } from 'vitest';
import {
  isSignInCallback,
  joinUrl,
  publicOriginRedirect,
  safeReturnPath,
  withoutSignInParams,
} from './urls.ts';

describe('joinUrl', () => {
  it('joins a base and a path with exactly one slash', () => {
    expect(joinUrl('', '/users/v1/users/settings')).toBe('/users/v1/users/settings');
    expect(joinUrl('/status', '/api/v2/status.json')).toBe('/status/api/v2/status.json');
    expect(joinUrl('https://api.example/', '/iot/v2/devices')).toBe('https://api.example/iot/v2/devices');
    expect(joinUrl('https://api.example', 'iot')).toBe('https://api.example/iot');
  });
});

describe('publicOriginRedirect', () => {
  it('returns null on the public origin', () => {
    expect(publicOriginRedirect('http://localhost:8080/devices?x=1', 'http://localhost:8080')).toBeNull();
    expect(publicOriginRedirect('https://cloud.example/', 'https://cloud.example/app')).toBeNull();
  });

  it('moves to the same path, query and hash on the public origin', () => {
    expect(
      publicOriginRedirect('http://127.0.0.1:8080/devices/?forcesearch=true#top', 'http://localhost:8080'),
    ).toBe('http://localhost:8080/devices/?forcesearch=true#top');
    expect(publicOriginRedirect('http://internal:3000/', 'https://cloud.example')).toBe(
      'https://cloud.example/',
    );
  });

  it('stays on a branded sub-domain of the base host, or of the public host without one', () => {
    expect(
      publicOriginRedirect('https://acme.brands.example/x', 'https://cloud.example', 'brands.example'),
    ).toBeNull();
    expect(publicOriginRedirect('https://acme.cloud.example/x', 'https://cloud.example')).toBeNull();
    expect(publicOriginRedirect('https://a.b.cloud.example/', 'https://cloud.example')).toBe(
      'https://cloud.example/',
    );
    expect(publicOriginRedirect('http://acme.cloud.example/', 'https://cloud.example')).toBe(
      'https://cloud.example/',
    );
    expect(
      publicOriginRedirect('https://acme.other.example/', 'https://cloud.example', 'brands.example'),
    ).toBe('https://cloud.example/');
  });
});

describe('sign-in callback URLs', () => {
  it('recognises a callback by state with code or error', () => {
    expect(isSignInCallback('https://c.example/?code=abc&state=xyz')).toBe(true);
    expect(isSignInCallback('https://c.example/?error=access_denied&state=xyz')).toBe(true);
    expect(isSignInCallback('https://c.example/?code=abc')).toBe(false);
    expect(isSignInCallback('https://c.example/?state=xyz')).toBe(false);
    expect(isSignInCallback('https://c.example/devices')).toBe(false);
  });

  it('removes only the sign-in parameters', () => {
    expect(
      withoutSignInParams(
        'https://c.example/?code=a&state=b&iss=https%3A%2F%2Fc.example%2Fauth&session_state=s&kind=pro#h',
      ),
    ).toBe('/?kind=pro#h');
    expect(withoutSignInParams('https://c.example/devices?error=x&error_description=y&state=z')).toBe(
      '/devices',
    );
  });
});

describe('safeReturnPath', () => {
  it('accepts same-origin absolute paths', () => {
    expect(safeReturnPath('/devices/?forcesearch=true')).toBe('/devices/?forcesearch=true');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses other origins, relative paths and non-strings', () => {
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('devices')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });
});
