import type { Onboarding } from '@tinkercloud/shared';
import type { OnboardingRecord } from './provisioning.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The spec's onboarding entity, and when it began. */
export function onboardingView(r: OnboardingRecord): Onboarding & { created_at: string } {
  return {
    id: r.id,
    device_id: r.deviceId,
    device_name: r.deviceName,
    provisioned_at: iso(r.provisionedAt),
    ended_at: iso(r.endedAt),
    deleted_at: iso(r.deletedAt),
    created_at: r.createdAt.toISOString(),
  };
}
