import { useQuery } from '@tanstack/react-query';
import type { Space, Viewer } from '@tinkercloud/shared';
import { useSyncExternalStore } from 'react';
import { useAuthState, useServices } from '@/app/services.tsx';
import type { AccessContext } from '@/lib/access.ts';
import { accessContextFor } from '@/lib/route-guards.ts';
import { canReadRecap, recapQueryOptions } from './api/recap.ts';
import { type BrandedDeployment, listSpaces, resolveSelectedSpace } from './model/selection.ts';

export interface SpacesView {
  spaces: Space[];
  selected: Space;
  select: (id: string) => void;
  branded: BrandedDeployment | null;
}

/** The offered spaces and the selected one; re-renders when either changes. */
export function useSpaces(): SpacesView {
  const { spaces: service } = useServices();
  const { isAuthenticated } = useAuthState();
  const query = useQuery({ ...service.queryOptions(), enabled: isAuthenticated });
  const storedId = useSyncExternalStore(service.selection.subscribe, service.selection.get);
  const spaces = query.data ?? listSpaces([], service.branded);
  return {
    spaces,
    selected: resolveSelectedSpace(spaces, storedId),
    select: service.select,
    branded: service.branded,
  };
}

/** The spaces whose header logo is hidden, and a setter; re-renders when the list changes. */
export function useHiddenLogos(): {
  hidden: readonly string[];
  setHidden: (spaceId: string, hidden: boolean) => void;
} {
  const { logos } = useServices().spaces.selection;
  const hidden = useSyncExternalStore(logos.subscribe, logos.list);
  return { hidden, setHidden: logos.setHidden };
}

export interface ViewerState extends SpacesView {
  viewer: Viewer;
  /** False until the recap arrives (or when it fails): plan-dependent notices wait for it. */
  plansKnown: boolean;
  access: AccessContext;
}

/** Who is looking at which space with which plans: the input of the spec's visibility rules. */
export function useViewer(): ViewerState {
  const { api, config } = useServices();
  const { user, isAuthenticated } = useAuthState();
  const spaces = useSpaces();
  const recap = useQuery({
    ...recapQueryOptions(api, config, spaces.selected.id),
    enabled: isAuthenticated && canReadRecap(spaces.selected),
  });
  const plans = recap.data?.plans;
  return {
    ...spaces,
    viewer: {
      isMinor: user.is_minor,
      spaceType: spaces.selected.space,
      roles: spaces.selected.roles,
      plans: plans ?? [],
    },
    plansKnown: plans !== undefined,
    access: accessContextFor(spaces.selected, user.is_minor, spaces.branded !== null),
  };
}
