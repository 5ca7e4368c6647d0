import { useQuery } from '@tanstack/react-query';
import { MY_CLOUD_SPACE_ID } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { firstReadFailed, reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { notificationsQueryOptions } from '@/features/notifications/api/notifications.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { triggerFiringsQueryOptions } from '../api/triggers.ts';
import { firingText } from '../model/firing-text.ts';
import { actionsText } from '../model/trigger-actions.ts';
import { type TriggerLookups, triggerSource } from '../model/trigger-source.ts';
import { TriggerSourceCell } from './TriggerSourceCell.tsx';
import { TriggerStateBadge } from './TriggerStateBadge.tsx';
import '../triggers.css';

/** How many of the trigger's recent firings and notifications the detail lists. */
const RECENT = 10;

/**
 * One trigger (`?trigger=<id>`): what it watches, its actions, its state, its recent firings (kept by the
 * server, whatever its actions did) and the notifications it left the reader.
 */
export default function TriggerDetailDialog({
  trigger,
  lookups,
  onEdit,
  onClose,
}: {
  trigger: Trigger;
  lookups: TriggerLookups;
  onEdit: (() => void) | undefined;
  onClose: () => void;
}) {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const notifications = useQuery(notificationsQueryOptions(api, config));
  const log = useQuery(triggerFiringsQueryOptions(api, config, selected.id, trigger.id));
  const firings = (notifications.data?.notifications ?? [])
    .filter(
      (n) => n.data.trigger_id === trigger.id && (n.organization_id ?? MY_CLOUD_SPACE_ID) === selected.id,
    )
    .slice(0, RECENT);

  return (
    <Dialog label={trigger.name} onClose={onClose} className="modal-wide">
      <dl className="facts" data-testid="trigger-detail">
        {trigger.description && (
          <>
            <dt>Description</dt>
            <dd>{trigger.description}</dd>
          </>
        )}
        <dt>Watches</dt>
        <dd>
          <TriggerSourceCell source={triggerSource(trigger, lookups)} />
        </dd>
        <dt>Actions</dt>
        <dd>{actionsText(trigger.actions) ?? 'None'}</dd>
        <dt>State</dt>
        <dd>
          <TriggerStateBadge active={trigger.active !== false} />
        </dd>
        <dt>Last change</dt>
        <dd>{formatDateTime(trigger.updated_at ?? trigger.created_at)}</dd>
      </dl>
      <h3>Recent firings</h3>
      {reReadFailed(log) && <StaleNotice error={log.error} />}
      {firstReadFailed(log) ? (
        <p className="muted">Firings could not be loaded.</p>
      ) : (log.data?.firings.length ?? 0) === 0 ? (
        <p className="muted">{log.isPending ? 'Loading…' : 'It has not fired yet.'}</p>
      ) : (
        <ul className="trigger-firings" data-testid="trigger-firing-log">
          {log.data?.firings.slice(0, RECENT).map((f) => (
            <li key={f.id}>
              <time dateTime={f.fired_at}>{formatDateTime(f.fired_at)}</time>: {firingText(f.source)}
            </li>
          ))}
        </ul>
      )}
      <h3>Recent notifications it sent you</h3>
      {reReadFailed(notifications) && <StaleNotice error={notifications.error} />}
      {firstReadFailed(notifications) ? (
        <p className="muted">Notifications could not be loaded.</p>
      ) : firings.length === 0 ? (
        <p className="muted">
          {notifications.isPending ? 'Loading…' : 'None yet: it has not sent you an in-app notification.'}
        </p>
      ) : (
        <ul className="trigger-firings" data-testid="trigger-firings">
          {firings.map((n) => (
            <li key={n.id}>
              <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>: {n.title}
            </li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-subtle" onClick={onClose}>
          Close
        </button>
        {onEdit && (
          <button type="button" className="button" onClick={onEdit}>
            Edit trigger
          </button>
        )}
      </div>
    </Dialog>
  );
}
