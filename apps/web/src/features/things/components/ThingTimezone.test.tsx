import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { fakeIot } from '../../iot/testing/fake-iot.ts';

const ZONES = [
  { name: 'Asia/Tokyo', offset: 32_400, until: '2027-01-01T00:00:00Z' },
  { name: 'Europe/Rome', offset: 3_600, until: '2027-03-28T01:00:00Z' },
  { name: 'UTC', offset: 0, until: '2027-01-01T00:00:00Z' },
];

describe('Thing page: the time zone', () => {
  it('searches the zones, refuses one that is not listed, and saves the one chosen', async () => {
    const iot = fakeIot({ things: [{ id: 't1', name: 'Greenhouse', timezone: 'Europe/Rome' }] });
    const sent: unknown[] = [];
    const handle = (url: string, options: RequestOptions) => {
      if (url === '/iot/v2/timezones') return ZONES;
      if (url === '/iot/v2/things/t1' && options.method === 'POST') {
        const body = options.body as { timezone: string };
        sent.push(body);
        const thing = iot.state.things[0];
        if (thing) thing.timezone = body.timezone;
        return thing;
      }
      return iot.handle(url, options);
    };
    renderApp('/things/t1/', { handle });
    const field = (await screen.findByLabelText('Time zone')) as HTMLInputElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    expect(field.value).toBe('Europe/Rome');
    // The zones to search, with their offset now.
    const options = [...(field.list?.options ?? [])].map((o) => `${o.value} ${o.textContent}`);
    expect(options).toEqual(['Asia/Tokyo UTC+09:00', 'Europe/Rome UTC+01:00', 'UTC UTC+00:00']);
    const save = screen.getByRole('button', { name: 'Set time zone' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'Mars/Base' } });
    fireEvent.click(save);
    expect(
      (await screen.findByText('Choose a time zone from the list, such as Europe/Rome.')).id,
    ).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(field, { target: { value: 'asia/tokyo' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ timezone: 'Asia/Tokyo' }]));
    expect(field.value).toBe('Asia/Tokyo');
    // The summary shows the thing's zone as the server now answers it.
    await waitFor(() => expect(screen.getAllByText('Asia/Tokyo').length).toBeGreaterThan(0));
  });
});
