import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { SnackbarProvider } from '../components/SnackbarProvider.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  pendingComponent: PageLoader,
  pendingMs: 200,
  notFoundComponent: NotFound,
});

function Root() {
  return (
    <>
      <Outlet />
      {/* The only toast provider (spec 2.6); settings from spec section 9. */}
      <SnackbarProvider />
    </>
  );
}
