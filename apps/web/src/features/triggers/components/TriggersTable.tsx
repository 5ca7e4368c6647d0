import type { Trigger } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { actionsText } from '../model/trigger-actions.ts';
import { type TriggerLookups, triggerSource } from '../model/trigger-source.ts';
import { TriggerSourceCell } from './TriggerSourceCell.tsx';
import { TriggerStateBadge } from './TriggerStateBadge.tsx';

/** The space's triggers: what each watches, whom it tells, whether it is on, and its last change. */
export function TriggersTable({ triggers, lookups }: { triggers: Trigger[]; lookups: TriggerLookups }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Triggers">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Watches</th>
            <th scope="col">Actions</th>
            <th scope="col">State</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {triggers.map((trigger) => (
            <tr key={trigger.id} data-testid="trigger-row">
              <td>
                {trigger.name}
                {trigger.description && <span className="table-sub">{trigger.description}</span>}
              </td>
              <td>
                <TriggerSourceCell source={triggerSource(trigger, lookups)} />
              </td>
              <td>{actionsText(trigger.actions) ?? <span className="muted">None</span>}</td>
              <td>
                {/* The API creates triggers active unless told otherwise. */}
                <TriggerStateBadge active={trigger.active !== false} />
              </td>
              <td>{formatDateTime(trigger.updated_at ?? trigger.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
