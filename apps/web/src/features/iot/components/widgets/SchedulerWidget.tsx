import { useState } from 'react';
import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { describeSchedule, readSchedule } from '@/features/iot/model/widgets/schedule.ts';
import { NoVariable } from './NoVariable.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A CloudSchedule in words, and a dialog to set its start, end, length and repeat. */
export function SchedulerWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  const [editing, setEditing] = useState(false);
  if (!variable || !current) return <NoVariable />;
  const schedule = readSchedule(pending ? pending.value : current.value);
  const readOnly = isDisplayOnly(variable, canWrite);
  return (
    <>
      <p className="widget-schedule" data-testid="widget-value">
        {describeSchedule(schedule)}
      </p>
      {readOnly ? (
        <p className="muted">Read only</p>
      ) : (
        <button
          type="button"
          className="button button-subtle"
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          Edit schedule
        </button>
      )}
      <WriteStatus state={state} />
      {editing && (
        <ScheduleDialog
          label={widget.name || variable.name}
          schedule={schedule}
          onClose={() => setEditing(false)}
          onSave={(next) => {
            setEditing(false);
            void publish(next);
          }}
        />
      )}
    </>
  );
}
