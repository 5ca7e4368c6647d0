import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type Services, ServicesProvider } from './app/services.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ErrorPage } from './components/ErrorPage.tsx';
import type { createAppRouter } from './router.tsx';

interface AppProps {
  services: Services;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /** A failed sign-in callback: the login-trouble page replaces the app. */
  signInError: Error | null;
}

export function App({ services, queryClient, router, signInError }: AppProps) {
  return (
    <ErrorBoundary>
      <ServicesProvider services={services}>
        <QueryClientProvider client={queryClient}>
          {signInError ? (
            <ErrorPage kind="auth" error={signInError} onLogout={() => void services.auth.logout()} />
          ) : (
            <RouterProvider router={router} />
          )}
        </QueryClientProvider>
      </ServicesProvider>
    </ErrorBoundary>
  );
}
