import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeRepeat, type Schedule } from '@/features/iot/model/widgets/schedule.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';

// Monday 7 December 2026, 07:00 on the thing's wall clock.
const MONDAY_7 = 1_796_626_800;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function open(schedule: Schedule) {
  const onSave = vi.fn();
  render(<ScheduleDialog label="watering" schedule={schedule} onSave={onSave} onClose={() => undefined} />);
  return onSave;
}
const ticked = () =>
  DAYS.filter(
    (d) =>
      (within(screen.getByRole('group', { name: 'Days' })).getByLabelText(d) as HTMLInputElement).checked,
  );
const repeats = (kind: string) =>
  fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: kind } });

afterEach(() => vi.useRealTimers());

describe('the schedule dialog', () => {
  it("switching to Weekly ticks the start's day only", () => {
    open({ frm: MONDAY_7 + 2 * 86_400, to: 0, len: 3600, msk: encodeRepeat({ kind: 'once' }) });
    repeats('weekly');
    expect(ticked()).toEqual(['Wed']);
  });

  it("ticks today's day when no start is picked yet", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 10, 12)); // a Thursday, in the browser's own time
    open({ frm: 0, to: 0, len: 0, msk: 0 });
    repeats('weekly');
    expect(ticked()).toEqual(['Thu']);
  });

  it('keeps a stored weekly choice, and does not bring back an abandoned one', () => {
    const onSave = open({
      frm: MONDAY_7,
      to: 0,
      len: 3600,
      msk: encodeRepeat({ kind: 'weekly', days: [2, 4] }),
    });
    expect(ticked()).toEqual(['Tue', 'Thu']);
    repeats('monthly');
    repeats('weekly');
    expect(ticked()).toEqual(['Mon']);
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ msk: encodeRepeat({ kind: 'weekly', days: [1] }) }),
    );
  });
});
