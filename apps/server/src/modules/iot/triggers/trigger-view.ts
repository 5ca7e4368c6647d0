import { compact, iso } from '../common/schemas.ts';
import type { ActionRow, TriggerRow } from './triggers.repository.ts';
import type { Condition } from './triggers.schemas.ts';

export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '') || 'trigger';

/** ArduinoAction. */
export function actionView(a: ActionRow) {
  return compact({
    id: a.id,
    name: a.name,
    kind: a.kind,
    description: a.description ?? undefined,
    email: a.email ?? undefined,
    push_notification: a.pushNotification ?? undefined,
    trigger_id: a.triggerId ?? undefined,
    organization_id: a.organizationId ?? undefined,
    created_by: a.ownerUserId,
  });
}

/** ArduinoTrigger (plus our `condition`). */
export function triggerView(t: TriggerRow, actions: ActionRow[]) {
  return compact({
    id: t.id,
    name: t.name,
    description: t.description ?? undefined,
    active: t.active,
    property_id: t.propertyId ?? undefined,
    device_status_source: t.deviceStatusSource ?? undefined,
    condition: (t.condition as Condition | null) ?? undefined,
    actions: actions.map(actionView),
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    deleted_at: iso(t.deletedAt),
    created_by: t.ownerUserId,
    organization_id: t.organizationId ?? undefined,
  });
}
