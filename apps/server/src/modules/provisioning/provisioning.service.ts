import { isUuid } from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../iot/common/space.ts';
import type { EventBus } from '../live/live-event.ts';
import { onboardingView } from './onboarding-view.ts';
import { createProvisioningRepository, type OnboardingOwner } from './provisioning.repository.ts';

/** The spec's error text for an onboarding that does not exist (or is not the caller's). */
const ONBOARDING_NOT_FOUND = 'Onboarding ID not found';
/** The default list covers this much time; `all` lists older ones too. */
const RECENT_MS = 24 * 3_600_000;
const MAX_LISTED = 100;

/**
 * Onboardings of boards from the browser: each user sees and changes only the ones they started, in the space
 * they started them in. Reading needs `iot.read` in the space, starting and ending `iot.write`.
 */
export function createProvisioningService(deps: {
  db: Database;
  resolve: SpaceResolver;
  events?: EventBus;
  /** Whether the device exists (not in the trash) in the space: the IoT module's knowledge, wired in. */
  deviceInSpace: (space: IotSpace, deviceId: string) => Promise<boolean>;
}) {
  const repo = createProvisioningRepository(deps.db);

  async function ownerFor(ref: SpaceRequest, action: 'iot.read' | 'iot.write') {
    const space = await deps.resolve(ref, action);
    return { space, owner: { organizationId: space.organizationId, userId: ref.actorId } };
  }

  async function listFor(owner: OnboardingOwner, all = false) {
    const rows = await repo.list(owner, {
      since: all ? undefined : new Date(Date.now() - RECENT_MS),
      limit: MAX_LISTED,
    });
    return rows.map(onboardingView);
  }

  function announce(owner: OnboardingOwner, id: string) {
    deps.events?.publish({
      type: 'onboardings.updated',
      space: { organizationId: owner.organizationId, ownerUserId: owner.userId },
      data: { onboarding_id: id, user_id: owner.userId },
    });
  }

  async function found(owner: OnboardingOwner, id: string) {
    const rec = isUuid(id) ? await repo.find(owner, id) : null;
    if (!rec) throw new AppError('not_found', ONBOARDING_NOT_FOUND);
    return rec;
  }

  return {
    /** The caller's onboardings in the space, newest first: those of the last 24 hours, or all. */
    async list(ref: SpaceRequest, all = false) {
      const { owner } = await ownerFor(ref, 'iot.read');
      return listFor(owner, all);
    },

    /** For streams: the owner once (authorised), then the list again at each change. */
    async watch(ref: SpaceRequest) {
      const { owner } = await ownerFor(ref, 'iot.read');
      return { owner, read: () => listFor(owner) };
    },

    async show(ref: SpaceRequest, id: string) {
      const { owner } = await ownerFor(ref, 'iot.read');
      return onboardingView(await found(owner, id));
    },

    /**
     * Starts onboarding a device of the space; the caller's onboarding of it still waiting is answered
     * instead of a second one.
     */
    async start(ref: SpaceRequest, deviceId: string) {
      const { space, owner } = await ownerFor(ref, 'iot.write');
      if (!(await deps.deviceInSpace(space, deviceId))) throw notFound('Device');
      const waiting = await repo.activeFor(owner, deviceId);
      if (waiting) return { created: false, onboarding: onboardingView(waiting) };
      const id = await repo.insert(owner, deviceId);
      announce(owner, id);
      return { created: true, onboarding: onboardingView(await found(owner, id)) };
    },

    /** Ends it (the browser flow stopped); an ended or provisioned onboarding stays as it is. */
    async end(ref: SpaceRequest, id: string) {
      const { owner } = await ownerFor(ref, 'iot.write');
      const rec = await found(owner, id);
      if (await repo.end(rec.id)) announce(owner, rec.id);
      return onboardingView(await found(owner, rec.id));
    },
  };
}
export type ProvisioningService = ReturnType<typeof createProvisioningService>;
