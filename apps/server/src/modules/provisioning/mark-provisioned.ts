import type { Database } from '../../db/client.ts';
import type { EventBus } from '../live/live-event.ts';
import { createProvisioningRepository } from './provisioning.repository.ts';

/**
 * Called by the connectivity module whenever devices connect (those of one moment together): every onboarding of the device still waiting
 * for it gets `provisioned_at`, and its user's onboarding streams (in any server process) hear of it.
 * Onboardings already provisioned or ended stay as they are, so calling it on every connection is safe.
 * Answers how many onboardings it marked.
 */
export async function markProvisioned(
  db: Database,
  events: EventBus | undefined,
  deviceIds: string | string[],
  at = new Date(),
): Promise<number> {
  const ids = typeof deviceIds === 'string' ? [deviceIds] : deviceIds;
  if (ids.length === 0) return 0;
  const rows = await createProvisioningRepository(db).markProvisioned(ids, at);
  for (const r of rows) {
    events?.publish({
      type: 'onboardings.updated',
      space: { organizationId: r.organizationId, ownerUserId: r.ownerUserId },
      data: { onboarding_id: r.id, user_id: r.ownerUserId },
    });
  }
  return rows.length;
}
