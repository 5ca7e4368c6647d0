import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRouter, type RouterContext } from '../router.tsx';
import { Route as RootRoute } from '../routes/__root.tsx';
import { NotFound } from './NotFound.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RouteError } from './RouteError.tsx';

describe('PageLoader', () => {
  it('is a labelled loading status with a spinner', () => {
    const { container } = render(<PageLoader />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(container.querySelector('.spinner')).not.toBeNull();
  });
});

describe('router wiring (spec 8 and 9)', () => {
  const router = createAppRouter({ queryClient: new QueryClient() } as unknown as RouterContext);

  it('shows the page loader only once a route has been pending for 200 ms', () => {
    expect(router.options.defaultPendingMs).toBe(200);
    expect(router.options.defaultPendingComponent).toBe(PageLoader);
    // The root itself (spec 9: "Pending is shown at 200 ms on the root").
    expect(RootRoute.options.pendingMs).toBe(200);
    expect(RootRoute.options.pendingComponent).toBe(PageLoader);
  });

  it('preloads on intent and falls back to RouteError and Not Found', () => {
    expect(router.options.defaultPreload).toBe('intent');
    expect(router.options.defaultErrorComponent).toBe(RouteError);
    expect(router.options.defaultNotFoundComponent).toBe(NotFound);
  });
});
