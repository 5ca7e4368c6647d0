import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import {
  decodeRepeat,
  encodeRepeat,
  MONTHS,
  type Repeat,
  SCHEDULE_UNITS,
  type Schedule,
  type ScheduleUnit,
  WEEK_DAYS,
} from '@/features/iot/model/widgets/schedule.ts';
import { secondsToWallInput, wallInputToSeconds } from '@/features/iot/model/widgets/wall-time.ts';

interface ScheduleDialogProps {
  label: string;
  schedule: Schedule;
  onSave: (schedule: Schedule) => void;
  onClose: () => void;
}

/** The week day (0 Sunday) of a datetime-local value on the thing's wall clock; today's when there is none. */
function weekdayOf(wallInput: string, now = new Date()): number {
  const seconds = wallInputToSeconds(wallInput);
  return seconds === null ? now.getDay() : new Date(seconds * 1000).getUTCDay();
}

/** The form behind the scheduler widget: when it starts and ends, how long it lasts, how it repeats. */
export function ScheduleDialog({ label, schedule, onSave, onClose }: ScheduleDialogProps) {
  const initial = decodeRepeat(schedule.msk);
  const [from, setFrom] = useState(secondsToWallInput(schedule.frm || undefined));
  const [to, setTo] = useState(secondsToWallInput(schedule.to || undefined));
  const [minutes, setMinutes] = useState(String(Math.round(schedule.len / 60) || 60));
  const [kind, setKind] = useState<Repeat['kind']>(initial.kind);
  const [count, setCount] = useState(String(initial.kind === 'every' ? initial.count : 1));
  const [unit, setUnit] = useState<ScheduleUnit>(initial.kind === 'every' ? initial.unit : 'days');
  const [days, setDays] = useState<number[]>(initial.kind === 'weekly' ? initial.days : []);
  const [day, setDay] = useState(
    String(initial.kind === 'monthly' || initial.kind === 'yearly' ? initial.day : 1),
  );
  const [month, setMonth] = useState(initial.kind === 'yearly' ? initial.month : 0);
  const [error, setError] = useState<string | null>(null);

  const changeKind = (next: Repeat['kind']) => {
    // Switching to Weekly ticks one day, the start's (today's before a start is picked): never all days,
    // nor the days of an earlier Weekly choice the maker moved away from.
    if (next === 'weekly' && kind !== 'weekly') setDays([weekdayOf(from)]);
    setKind(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const frm = wallInputToSeconds(from);
    if (frm === null) return setError('Enter when the schedule starts.');
    const end = to === '' ? 0 : wallInputToSeconds(to);
    if (end === null || (end !== 0 && end <= frm)) return setError('The end must come after the start.');
    const len = Math.round(Number(minutes) * 60);
    if (!Number.isFinite(len) || len <= 0) return setError('Enter how many minutes it stays active.');
    const n = Math.trunc(Number(count));
    const d = Math.trunc(Number(day));
    let repeat: Repeat;
    if (kind === 'every') {
      if (!(n >= 1 && n <= 0x03ff_ffff)) return setError('Enter how often it repeats, 1 or more.');
      repeat = { kind, unit, count: n };
    } else if (kind === 'weekly') {
      if (days.length === 0) return setError('Pick at least one day.');
      repeat = { kind, days };
    } else if (kind === 'monthly' || kind === 'yearly') {
      if (!(d >= 1 && d <= 31)) return setError('Enter a day of the month from 1 to 31.');
      repeat = kind === 'monthly' ? { kind, day: d } : { kind, month, day: d };
    } else repeat = { kind: 'once' };
    onSave({ frm, to: end, len, msk: encodeRepeat(repeat) });
  };

  return (
    <Dialog label={`Schedule of ${label}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Starts" error={error}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Active for (minutes)">
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Repeats">
          {(control) => (
            <select {...control} value={kind} onChange={(e) => changeKind(e.target.value as Repeat['kind'])}>
              <option value="once">Once</option>
              <option value="every">Every…</option>
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
              <option value="yearly">Yearly</option>
            </select>
          )}
        </FormField>
        {kind === 'every' && (
          <>
            <FormField label="Every">
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={1}
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                />
              )}
            </FormField>
            <FormField label="Unit">
              {(control) => (
                <select {...control} value={unit} onChange={(e) => setUnit(e.target.value as ScheduleUnit)}>
                  {SCHEDULE_UNITS.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
        {kind === 'weekly' && (
          <fieldset className="widget-week">
            <legend>Days</legend>
            {WEEK_DAYS.map((name, i) => (
              <label key={name}>
                <input
                  type="checkbox"
                  checked={days.includes(i)}
                  onChange={(e) =>
                    setDays(e.target.checked ? [...days, i].sort() : days.filter((x) => x !== i))
                  }
                />{' '}
                {name}
              </label>
            ))}
          </fieldset>
        )}
        {kind === 'yearly' && (
          <FormField label="Month">
            {(control) => (
              <select {...control} value={month} onChange={(e) => setMonth(Number(e.target.value))}>
                {MONTHS.map((name, i) => (
                  <option key={name} value={i}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        {(kind === 'monthly' || kind === 'yearly') && (
          <FormField label="Day of the month">
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                max={31}
                value={day}
                onChange={(e) => setDay(e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label="Ends (empty: never)">
          {(control) => (
            <input {...control} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
          )}
        </FormField>
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button">
            Save schedule
          </button>
        </div>
      </form>
    </Dialog>
  );
}
