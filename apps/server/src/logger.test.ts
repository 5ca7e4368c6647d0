import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/auth/reset-password?token=abc')).toBe(`/auth/reset-password?token=${REDACTED}`);
    expect(redactUrl('/ota/v1/binaries/x?e=17&s=mac')).toBe(`/ota/v1/binaries/x?e=17&s=${REDACTED}`);
    expect(redactUrl('/?code=c0de&state=st')).toBe(`/?code=${REDACTED}&state=st`);
    expect(redactUrl('/x?Token=a&SIG=b&signature=c&%74oken=d')).toBe(
      `/x?Token=${REDACTED}&SIG=${REDACTED}&signature=${REDACTED}&%74oken=${REDACTED}`,
    );
    expect(redactUrl('/v2/logout?id_token_hint=eyJ&post_logout_redirect_uri=%2F')).toBe(
      `/v2/logout?id_token_hint=${REDACTED}&post_logout_redirect_uri=%2F`,
    );
  });

  it('leaves URLs without secrets, bare flags and odd escapes alone', () => {
    for (const url of ['/iot/v2/devices', '/iot/v2/devices?limit=5', '/x?token', '/x?%E0=1', '/x?']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
