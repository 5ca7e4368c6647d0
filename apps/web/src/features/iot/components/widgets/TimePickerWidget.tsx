import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import {
  formatWallTime,
  secondsToWallInput,
  wallInputToSeconds,
} from '@/features/iot/model/widgets/wall-time.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { useSettled } from './use-settled.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A date and time for a CloudTime variable (the device's wall clock, see wall-time.ts), published when set. */
export function TimePickerWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  // Typing a date changes the field part by part: publish the time once it rests.
  const typing = useSettled<string>((text) => {
    const seconds = wallInputToSeconds(text);
    if (seconds !== null && seconds >= 0) void publish(seconds);
  });
  if (!variable || !current) return <NoVariable />;
  const value = pending ? pending.value : current.value;
  const readOnly = isDisplayOnly(variable, canWrite);
  const label = widget.name || variable.name;
  if (readOnly)
    return (
      <p className="widget-value" data-testid="widget-value">
        {formatWallTime(value)}
      </p>
    );
  return (
    <>
      <input
        type="datetime-local"
        className="widget-time"
        aria-label={label}
        value={typing.moving ?? secondsToWallInput(value)}
        disabled={busy}
        onChange={(event) => typing.change(event.target.value)}
      />
      <WriteStatus state={state} />
    </>
  );
}
