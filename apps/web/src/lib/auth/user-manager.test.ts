import type { AppConfig } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { TOKEN_EXPIRY_SKEW_SEC } from './token-expiry.ts';
import { createUserManager, TOKEN_REQUEST_TIMEOUT_SEC } from './user-manager.ts';

const config = {
  oidc: {
    authority: 'https://app.example.org/auth',
    clientId: 'tinkercloud-web',
    audience: 'https://app.example.org/api',
    scope: 'openid profile email offline_access',
    claimsNamespace: 'https://app.example.org/claims/',
  },
} as AppConfig;

describe('createUserManager', () => {
  const { settings } = createUserManager(config, 'https://app.example.org');

  it('runs the code flow against the configured provider with our redirect URIs', () => {
    expect(settings.authority).toBe('https://app.example.org/auth');
    expect(settings.client_id).toBe('tinkercloud-web');
    expect(settings.response_type).toBe('code');
    expect(settings.redirect_uri).toBe('https://app.example.org/');
    expect(settings.post_logout_redirect_uri).toBe('https://app.example.org/');
    // The popup and the session check's hidden frame return to the callback page.
    expect(settings.popup_redirect_uri).toBe('https://app.example.org/signin-callback.html');
    expect(settings.silent_redirect_uri).toBe('https://app.example.org/signin-callback.html');
    expect(settings.scope).toBe('openid profile email offline_access');
  });

  it('asks for the API audience both as resource and as audience', () => {
    expect(settings.extraQueryParams).toEqual({
      resource: 'https://app.example.org/api',
      audience: 'https://app.example.org/api',
    });
  });

  it('treats tokens as expiring 60 s early and times token calls out after 10 s (spec 9)', () => {
    expect(TOKEN_EXPIRY_SKEW_SEC).toBe(60);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(TOKEN_REQUEST_TIMEOUT_SEC).toBe(10);
    expect(settings.requestTimeoutInSeconds).toBe(10);
  });
});
