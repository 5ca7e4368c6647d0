import { createFileRoute, redirect } from '@tanstack/react-router';
import { INSTALLED_FROM_STORE_KEY, setFlag } from '../lib/local-flags.ts';

/** The store-installed app opens this path once: remember it, then go home (spec 2.1). */
export const Route = createFileRoute('/chrome-app')({
  beforeLoad: ({ preload }) => {
    if (!preload) setFlag(INSTALLED_FROM_STORE_KEY);
    throw redirect({ to: '/', replace: true });
  },
});
