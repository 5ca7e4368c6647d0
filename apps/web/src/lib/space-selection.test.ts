import { COOKIE_LIFETIME_SECONDS } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '../test/cookies.ts';
import { cookieDomain, readCookie, writeCookie } from './cookies.ts';
import { createSpaceSelection, hiddenLogoSpaces, SELECTED_SPACE_COOKIE } from './space-selection.ts';

describe('space selection', () => {
  it('uses the shared prefix and reads the stored id', () => {
    expect(SELECTED_SPACE_COOKIE).toBe('tc_space');
    setTestCookie('tc_space=pro1; path=/');
    expect(createSpaceSelection().get()).toBe('pro1');
  });

  it('stores a change for a year and tells listeners, only on a real change', () => {
    const selection = createSpaceSelection();
    const listener = vi.fn();
    selection.subscribe(listener);
    selection.select('edu1');
    selection.select('edu1');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readCookie(SELECTED_SPACE_COOKIE)).toBe('edu1');
  });

  it('writes the cookie with a one-year lifetime on the shared domain', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    writeCookie('tc_space', 'a b', { maxAgeSeconds: COOKIE_LIFETIME_SECONDS, domain: 'example.org' }, doc);
    expect(doc.cookie).toBe(
      'tc_space=a%20b; path=/; max-age=31622400; samesite=lax; domain=.example.org; secure',
    );
  });

  it('shares cookies on the public host, so branded sub-domains see them', () => {
    expect(cookieDomain('acme.cloud.example.org', 'cloud.example.org')).toBe('cloud.example.org');
    expect(cookieDomain('cloud.example.org', 'cloud.example.org')).toBe('cloud.example.org');
    expect(cookieDomain('other.example.net', 'cloud.example.org')).toBe('other.example.net');
    expect(cookieDomain('localhost', 'localhost')).toBeUndefined();
    expect(cookieDomain('127.0.0.1', 'localhost')).toBeUndefined();
  });

  it('hides and shows a logo for a year on the shared domain, telling only logo listeners', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    const selection = createSpaceSelection({ domain: 'example.org', doc });
    const spaceListener = vi.fn();
    const logoListener = vi.fn();
    selection.subscribe(spaceListener);
    selection.logos.subscribe(logoListener);
    selection.logos.setHidden('pro1', true);
    selection.logos.setHidden('pro1', true);
    expect(selection.logos.list()).toEqual(['pro1']);
    expect(doc.cookie).toBe(
      'tc_hidden_logos=pro1; path=/; max-age=31622400; samesite=lax; domain=.example.org; secure',
    );
    selection.logos.setHidden('pro1', false);
    expect(selection.logos.list()).toEqual([]);
    expect(logoListener).toHaveBeenCalledTimes(2);
    expect(spaceListener).not.toHaveBeenCalled();
  });

  it('reads the hidden-logo list', () => {
    setTestCookie('tc_hidden_logos=a,b; path=/');
    expect(hiddenLogoSpaces()).toEqual(['a', 'b']);
  });
});
