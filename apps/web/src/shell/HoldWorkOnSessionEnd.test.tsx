import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { type Services, ServicesProvider } from '@/app/services.tsx';
import { SignInError } from '@/lib/auth/auth-errors.ts';
import { HoldWorkOnSessionEnd } from './HoldWorkOnSessionEnd.tsx';

function setup(unsaved: boolean) {
  let ask: (() => Promise<User | null>) | undefined;
  const release = vi.fn();
  const auth = {
    holdWork: vi.fn((signInAgain: () => Promise<User | null>) => {
      ask = signInAgain;
      return release;
    }),
    signInByPopup: vi.fn(async () => ({ access_token: 'new' }) as User),
  };
  const view = render(
    <ServicesProvider services={{ auth } as unknown as Services}>
      <HoldWorkOnSessionEnd unsaved={unsaved} />
    </ServicesProvider>,
  );
  return { auth, release, view, ask: () => (ask as () => Promise<User | null>)() };
}

describe('HoldWorkOnSessionEnd', () => {
  it('holds nothing while there are no unsaved changes', () => {
    const { auth } = setup(false);
    expect(auth.holdWork).not.toHaveBeenCalled();
  });

  it("asks once the session ends; 'Popup closed' keeps asking; signed in, the waiting calls go on", async () => {
    const { auth, ask } = setup(true);
    const first = ask();
    const second = ask();
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(dialog.textContent).toContain('Sign in again to keep your unsaved changes.');

    auth.signInByPopup.mockRejectedValueOnce(new SignInError('cancelled'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Popup closed');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await expect(first).resolves.toEqual({ access_token: 'new' });
    await expect(second).resolves.toEqual({ access_token: 'new' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(auth.signInByPopup).toHaveBeenCalledTimes(2);
  });

  it('Not now closes the dialog and lets the waiting call fail; the work stays held', async () => {
    const { release, ask } = setup(true);
    const waiting = ask();
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await expect(waiting).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(release).not.toHaveBeenCalled();
  });

  it('releases the work when the changes are gone', () => {
    const { release, view, auth } = setup(true);
    view.rerender(
      <ServicesProvider services={{ auth } as unknown as Services}>
        <HoldWorkOnSessionEnd unsaved={false} />
      </ServicesProvider>,
    );
    expect(release).toHaveBeenCalledOnce();
  });
});
