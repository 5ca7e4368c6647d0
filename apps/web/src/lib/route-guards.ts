import { redirect } from '@tanstack/react-router';
import { canAccess, type SectionKey } from './access.ts';
import type { Auth } from './auth/auth-service.ts';
import { getSelectedSpaceType } from './space.ts';

/** A `beforeLoad` that sends users who may not open this section home (spec 6.2). */
export function requireAccess(section: SectionKey) {
  return ({ context }: { context: { auth: Auth } }) => {
    const isMinor = context.auth.store.getState().user.is_minor;
    if (!canAccess(section, { spaceType: getSelectedSpaceType(), isMinor })) {
      throw redirect({ to: '/', replace: true });
    }
  };
}

/** A `beforeLoad` for sign-in entry pages: someone already signed in goes home instead. */
export function redirectSignedInHome({ context }: { context: { auth: Auth } }) {
  if (context.auth.store.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
}
