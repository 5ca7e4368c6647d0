import type { AppConfig } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api.ts';
import { EMPTY_USER } from '@/lib/auth/token-user.ts';
import { fetchSettings, profileQueryOptions, profileUrl, resendVerification } from './profile.ts';

const config = { hosts: { api: 'https://api.example' } } as AppConfig;

describe('profileUrl', () => {
  it('asks adults for their profile with private scopes', () => {
    expect(profileUrl(config, { id: 'u 1', is_minor: false })).toBe(
      'https://api.example/users/v1/users/byID/u%201?scopes=private',
    );
  });

  it('asks minors for the children profile', () => {
    expect(profileUrl(config, { id: 'u1', is_minor: true })).toBe(
      'https://api.example/users/v1/children/byID/me',
    );
  });
});

describe('profileQueryOptions', () => {
  it('validates the response and keeps nothing cached after use', async () => {
    const api = vi.fn(async () => ({
      id: 'u1',
      username: 'ada',
      avatar: '',
      birthday: null,
      confirmed: false,
      created: '2024-01-01T00:00:00Z',
      name: 'Ada',
    })) as unknown as ApiRequest;
    const options = profileQueryOptions(api, config, { ...EMPTY_USER, id: 'u1' });
    expect(options.gcTime).toBe(0);
    expect(options.enabled).toBe(true);
    const fn = options.queryFn as () => Promise<unknown>;
    await expect(fn()).resolves.toMatchObject({ id: 'u1', username: 'ada' });
  });

  it('is disabled for an adult without an id claim (and for the signed-out default user)', () => {
    const api = vi.fn() as unknown as ApiRequest;
    expect(profileQueryOptions(api, config, EMPTY_USER).enabled).toBe(false);
    expect(profileQueryOptions(api, config, { ...EMPTY_USER, is_minor: true }).enabled).toBe(true);
  });
});

describe('fetchSettings', () => {
  it('returns the settings object whole', async () => {
    const api = vi.fn(async () => ({ theme: 'dark', nested: { a: 1 } })) as unknown as ApiRequest;
    await expect(fetchSettings(api, config)).resolves.toEqual({ theme: 'dark', nested: { a: 1 } });
    expect(api).toHaveBeenCalledWith('https://api.example/users/v1/users/settings');
  });

  it('tolerates a failed call as empty settings', async () => {
    const api = vi.fn(async () => {
      throw new Error('500');
    }) as unknown as ApiRequest;
    await expect(fetchSettings(api, config)).resolves.toEqual({});
  });
});

describe('resendVerification', () => {
  it('posts the confirm call when email_verified is false', async () => {
    const api = vi.fn(async () => ({ status: 'sent' })) as unknown as ApiRequest;
    await expect(resendVerification(api, config, { id: 'u1', email_verified: false })).resolves.toBe(true);
    expect(api).toHaveBeenCalledWith('https://api.example/users/v1/users/byID/u1/confirm', {
      method: 'POST',
    });
  });

  it('does nothing unless email_verified is false', async () => {
    const api = vi.fn() as unknown as ApiRequest;
    await expect(resendVerification(api, config, { id: 'u1', email_verified: true })).resolves.toBe(false);
    await expect(resendVerification(api, config, { id: 'u1' })).resolves.toBe(false);
    expect(api).not.toHaveBeenCalled();
  });
});
