import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createSpaceSelection } from '@/lib/space-selection.ts';
import { installSpaceChangeHandler, isSpaceScopedQuery, routeAfterSpaceChange } from './space-change.ts';

describe('routeAfterSpaceChange', () => {
  it('sends device pages to the device list and template pages to the custom templates', () => {
    expect(routeAfterSpaceChange('/devices/d1/')).toEqual({ to: '/devices/' });
    expect(routeAfterSpaceChange('/devices/d1/networkconfig/')).toEqual({ to: '/devices/' });
    expect(routeAfterSpaceChange('/devices/new/')).toEqual({ to: '/devices/' });
    expect(routeAfterSpaceChange('/things/t1/')).toEqual({ to: '/things/' });
    expect(routeAfterSpaceChange('/templates/abc/edit/')).toEqual({
      to: '/templates/',
      search: { tab: 'custom' },
    });
  });

  it('keeps other pages, lists included, where they are', () => {
    for (const path of ['/', '/devices/', '/things/', '/templates/', '/settings/', '/members/']) {
      expect(routeAfterSpaceChange(path)).toBeNull();
    }
  });
});

describe('installSpaceChangeHandler', () => {
  it('resets space-scoped queries and re-runs the routes on a change only', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['spaces'], []);
    queryClient.setQueryData(['devices', 'd1'], { id: 'd1' });
    queryClient.setQueryData(['users', 'profile', 'u1'], { id: 'u1' });
    const selection = createSpaceSelection();
    const router = {
      state: { location: { pathname: '/templates/x/' } },
      navigate: vi.fn(async () => undefined),
      invalidate: vi.fn(async () => undefined),
    };
    installSpaceChangeHandler(selection, router, queryClient);
    selection.select('pro1');
    expect(queryClient.getQueryData(['devices', 'd1'])).toBeUndefined();
    expect(queryClient.getQueryData(['users', 'profile', 'u1'])).toEqual({ id: 'u1' });
    expect(queryClient.getQueryData(['spaces'])).toEqual([]);
    expect(router.navigate).toHaveBeenCalledWith({
      to: '/templates/',
      search: { tab: 'custom' },
      replace: true,
    });
    selection.select('pro1');
    expect(router.navigate).toHaveBeenCalledTimes(1);
    router.state.location.pathname = '/things/';
    selection.select('edu1');
    expect(router.invalidate).toHaveBeenCalledTimes(1);
  });

  it('treats user, status, country and customization data as global', () => {
    expect(isSpaceScopedQuery(['status'])).toBe(false);
    expect(isSpaceScopedQuery(['customization', 'branding', 'x'])).toBe(false);
    expect(isSpaceScopedQuery(['recap', 'pro1'])).toBe(true);
    expect(isSpaceScopedQuery(['members', 'pro1'])).toBe(true);
  });
});
