import { useEffect } from 'react';
import { useServices } from '../../app/services.tsx';

/**
 * While `unsaved` is true, a session that ends keeps the page and offers to sign in again in a popup (then
 * the save goes through) instead of the sign-in redirect, which would lose the work (auth-service SessionEnd).
 */
export function useHoldWorkOnSessionEnd(unsaved: boolean): void {
  const { auth } = useServices();
  useEffect(() => (unsaved ? auth.holdWork() : undefined), [auth, unsaved]);
}
