import { describe, expect, it } from 'vitest';
import { EMPTY_USER, toTokenUser } from './token-user.ts';

const NS = 'http://localhost:8080/claims/';

describe('toTokenUser', () => {
  it('reads standard and namespaced claims', () => {
    const user = toTokenUser(
      {
        sub: 'abc',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        picture: 'https://img.example/a.png',
        updated_at: 1_700_000_000,
        email_verified: false,
        is_minor: true,
        [`${NS}id`]: 'u-1',
        [`${NS}username`]: 'ada',
        [`${NS}login_count`]: 7,
        [`${NS}is_teen`]: true,
      },
      NS,
    );
    expect(user).toEqual({
      sub: 'abc',
      id: 'u-1',
      username: 'ada',
      loginCount: 7,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      picture: 'https://img.example/a.png',
      updated_at: '2023-11-14T22:13:20.000Z',
      email_verified: false,
      is_minor: true,
      is_teen: true,
    });
  });

  it('accepts a namespace without the trailing slash', () => {
    expect(toTokenUser({ 'http://localhost:8080/claims/id': 'u-2' }, 'http://localhost:8080/claims').id).toBe(
      'u-2',
    );
  });

  it('defaults to empty strings, 0 and not-minor; email_verified stays unknown', () => {
    expect(toTokenUser({}, NS)).toEqual(EMPTY_USER);
    expect(toTokenUser({}, NS).email_verified).toBeUndefined();
  });

  it('ignores claims of the wrong type', () => {
    const user = toTokenUser(
      { name: 5, [`${NS}login_count`]: '3', is_minor: 'true', email_verified: 'false' },
      NS,
    );
    expect(user.name).toBe('');
    expect(user.loginCount).toBe(0);
    expect(user.is_minor).toBe(false);
    expect(user.email_verified).toBeUndefined();
  });
});
