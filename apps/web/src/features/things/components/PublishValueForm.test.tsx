import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Property } from '@/features/iot/api/schemas.ts';
import { fakeIot } from '@/features/iot/testing/fake-iot.ts';
import { renderApp } from '@/test/app-harness.tsx';

const THING = '5c1e0f3a-8d2b-4e6f-9a7c-1b2d3e4f5a6b';
const wateringSchedule = {
  id: 'p1',
  thing_id: THING,
  name: 'watering',
  variable_name: 'watering',
  type: 'SCHEDULE',
  permission: 'READ_WRITE',
  update_strategy: 'ON_CHANGE',
} as Property;

describe('sending a schedule from the thing page', () => {
  it('says the written schedule in words in its toast, not as JSON', async () => {
    const iot = fakeIot({ things: [{ id: THING, name: 'Garden' }], properties: [wateringSchedule] });
    renderApp(`/things/${THING}/`, { handle: iot.handle });
    // Monday 7 December 2026, 07:00, for 60 minutes, every week.
    fireEvent.change(await screen.findByLabelText('Start of watering'), {
      target: { value: '2026-12-07T07:00' },
    });
    fireEvent.change(screen.getByLabelText('Minutes of watering'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Repeat watering'), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send watering' }));
    expect(await screen.findByText('watering set to Every Monday 07:00–08:00, from 7 Dec 2026')).toBeTruthy();
    await waitFor(() => expect(iot.calls.some((c) => c.url.endsWith('/publish'))).toBe(true));
    expect(screen.queryByText(/"msk"/)).toBeNull();
  });
});
