import { redirect } from '@tanstack/react-router';
import type { Space } from '@tinkercloud/shared';
import type { SpacesService } from '../features/spaces/spaces-service.ts';
import { type AccessContext, canAccess, type SectionKey } from './access.ts';
import type { Auth } from './auth/auth-service.ts';

/** The access rules' view of a user in a space. */
export function accessContextFor(space: Space, isMinor: boolean, branded: boolean): AccessContext {
  return {
    spaceType: space.space,
    isMinor,
    roles: space.roles,
    brandedMyCloud: branded && space.space === 'private',
  };
}

interface GuardContext {
  auth: Auth;
  spaces: SpacesService;
}

/** A `beforeLoad` that sends users who may not open this section home (spec 6.2). */
export function requireAccess(section: SectionKey) {
  return ({ context }: { context: GuardContext }) => {
    const isMinor = context.auth.store.getState().user.is_minor;
    const space = context.spaces.selected();
    if (!canAccess(section, accessContextFor(space, isMinor, context.spaces.branded !== null))) {
      throw redirect({ to: '/', replace: true });
    }
  };
}

/** A `beforeLoad` for sign-in entry pages: someone already signed in goes home instead. */
export function redirectSignedInHome({ context }: { context: { auth: Auth } }) {
  if (context.auth.store.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
}
