import type { AppConfig } from '@tinkercloud/shared';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { LiveSource } from '../features/iot/live/live-events.ts';
import type { SpacesService } from '../features/spaces/spaces-service.ts';
import type { ApiRequest } from '../lib/api.ts';
import type { Auth } from '../lib/auth/auth-service.ts';
import type { AuthState } from '../lib/auth/auth-store.ts';

/** What every part of the app needs and main.tsx builds once: no module-level singletons to mock. */
export interface Services {
  config: AppConfig;
  auth: Auth;
  api: ApiRequest;
  spaces: SpacesService;
  /** The live event stream of the selected space; without it, live pages poll. */
  live?: LiveSource;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider');
  return services;
}

/** The auth store as React state; re-renders only when the user really changes. */
export function useAuthState(): AuthState {
  const { store } = useServices().auth;
  return useSyncExternalStore(store.subscribe, store.getState);
}
