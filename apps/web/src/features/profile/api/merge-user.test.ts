import type { UserProfile } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_USER, type TokenUser } from '@/lib/auth/token-user.ts';
import { mergeUser, needsEmailVerification, profileStatus } from './merge-user.ts';

const token: TokenUser = {
  ...EMPTY_USER,
  sub: 's1',
  id: 'u1',
  name: 'Ada from token',
  email: 'old@example.com',
  email_verified: false,
};
const profile: UserProfile = {
  id: 'u1',
  username: 'ada',
  avatar: 'https://img.example/ada.png',
  birthday: null,
  confirmed: true,
  created: '2024-01-01T00:00:00.000Z',
  name: 'Ada Lovelace',
  private: { email: 'ada@example.com', email_verified: true, tos_accepted: true },
};

describe('mergeUser', () => {
  it('is the token user with empty settings while the profile is missing', () => {
    expect(mergeUser(token, undefined)).toEqual({ ...token, settings: {} });
  });

  it('lays profile fields, then the private block, then settings over the token user', () => {
    const user = mergeUser(token, profile, { theme: 'dark' });
    expect(user).toMatchObject({
      sub: 's1',
      id: 'u1',
      username: 'ada',
      name: 'Ada Lovelace',
      avatar: 'https://img.example/ada.png',
      confirmed: true,
      created: '2024-01-01T00:00:00.000Z',
      email: 'ada@example.com',
      email_verified: true,
      tos_accepted: true,
      settings: { theme: 'dark' },
    });
    expect(user).not.toHaveProperty('private');
  });

  it('keeps token values the profile leaves null', () => {
    const user = mergeUser({ ...token, picture: 'p.png' }, { ...profile, avatar: null, private: undefined });
    expect(user.picture).toBe('p.png');
    expect(user.email_verified).toBe(false);
    expect(user.email).toBe('old@example.com');
  });
});

describe('needsEmailVerification', () => {
  it('is true only for an explicit false', () => {
    expect(needsEmailVerification({ email_verified: false })).toBe(true);
    expect(needsEmailVerification({ email_verified: true })).toBe(false);
    expect(needsEmailVerification({ email_verified: undefined })).toBe(false);
    expect(needsEmailVerification({})).toBe(false);
  });
});

describe('profileStatus', () => {
  it('maps the query to stale, loading, done and error', () => {
    expect(profileStatus({ status: 'pending', fetchStatus: 'idle' })).toBe('stale');
    expect(profileStatus({ status: 'pending', fetchStatus: 'fetching' })).toBe('loading');
    expect(profileStatus({ status: 'success', fetchStatus: 'idle' })).toBe('done');
    expect(profileStatus({ status: 'error', fetchStatus: 'idle' })).toBe('error');
  });
});
