import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App.tsx';
import type { Services } from './app/services.tsx';
import { toSignInError } from './lib/auth/to-sign-in-error.ts';
import type { createAppRouter } from './router.tsx';

describe('a failed sign-in replaces the app with the login-trouble page', () => {
  it("shows the catalogue's name and message, not the library's, and offers Log out", () => {
    const logout = vi.fn(async () => undefined);
    const services = { auth: { logout } } as unknown as Services;
    render(
      <App
        services={services}
        queryClient={new QueryClient()}
        router={{} as ReturnType<typeof createAppRouter>}
        signInError={toSignInError(new ErrorTimeout('Network timed out'))}
      />,
    );
    expect(screen.getByRole('heading', { name: "We're having trouble logging you in." })).toBeTruthy();
    expect(screen.getByText('timeout')).toBeTruthy();
    expect(screen.getByText('Timeout')).toBeTruthy();
    expect(screen.queryByText('Network timed out')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
