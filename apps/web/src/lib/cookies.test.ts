import { describe, expect, it } from 'vitest';
import { setTestCookie } from '../test/cookies.ts';
import { clearPrefixedCookies } from './cookies.ts';

describe('clearPrefixedCookies', () => {
  it('expires the cookies under the prefix and keeps the others', () => {
    setTestCookie('tc_space=abc; path=/');
    setTestCookie('tc_hidden_logos=a,b; path=/');
    setTestCookie('other=keep; path=/');
    const cleared = clearPrefixedCookies('tc_');
    expect(cleared.sort()).toEqual(['tc_hidden_logos', 'tc_space']);
    expect(document.cookie).toBe('other=keep');
  });
});
