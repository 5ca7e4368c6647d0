import type { AppConfig } from '@tinkercloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUserManager } from './user-manager.ts';

const config = {
  oidc: {
    authority: 'https://app.example.org/auth',
    clientId: 'tinkercloud-web',
    audience: 'https://app.example.org/api',
    scope: 'openid',
    claimsNamespace: 'https://app.example.org/claims/',
  },
} as AppConfig;

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in transaction state (spec 9: transactions last 1 day)', () => {
  it('expires state store entries after 86400 s', () => {
    const { settings } = createUserManager(config, 'https://app.example.org');
    expect(settings.staleStateAgeInSeconds).toBe(86_400);
  });

  it('keeps a transaction younger than a day and drops an older one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = new Date('2025-06-01T12:00:00Z');
    vi.setSystemTime(now);
    const nowSec = Math.floor(now.getTime() / 1000);
    const manager = createUserManager(config, 'https://app.example.org');
    // The library's default state store: localStorage under the `oidc.` prefix.
    const entry = (id: string, ageSec: number) => JSON.stringify({ id, created: nowSec - ageSec });
    localStorage.setItem('oidc.recent', entry('recent', 23 * 3600));
    localStorage.setItem('oidc.old', entry('old', 86_400 + 60));

    await manager.clearStaleState();
    // Removal is not awaited by the library.
    await Promise.resolve();

    expect(localStorage.getItem('oidc.recent')).not.toBeNull();
    expect(localStorage.getItem('oidc.old')).toBeNull();
  });
});
