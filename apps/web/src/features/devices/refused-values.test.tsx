import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/app-harness.tsx';
import type { Device, Property, Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';

// Issue 28 item 3: values a device sent that were refused (a renamed variable's old name) are shown on the
// device page and the thing page, and renaming or deleting a variable says the board's sketch must follow.

const LAST = '2026-03-02T10:15:00.000Z';

function workshop(opts: { refused?: boolean; sketch?: boolean } = {}) {
  const devices: Device[] = [
    { id: 'd1', name: 'bench-board', type: 'login_and_secretkey_wifi', thing: { id: 't1', name: 'Bench' } },
  ];
  const things: Thing[] = [
    {
      id: 't1',
      name: 'Bench',
      device_id: 'd1',
      device_name: 'bench-board',
      ...(opts.sketch && { sketch_id: 's1' }),
    },
    { id: 't2', name: 'Shelf' },
  ];
  const properties: Property[] = [
    { id: 'p1', name: 'total', variable_name: 'total', type: 'INT', permission: 'READ_ONLY', thing_id: 't1' },
  ];
  return fakeIot({
    devices,
    things,
    properties,
    refused: opts.refused
      ? {
          d1: [
            { name: 'count', reason: 'unknown property', count: 492, first_at: LAST, last_at: LAST },
            { name: '', reason: 'over the message rate', count: 1, first_at: LAST, last_at: LAST },
          ],
        }
      : {},
  });
}

const refusedSection = () => screen.getByRole('region', { name: 'Refused values' });

describe('Refused values', () => {
  it('lists on the device page what the device sent that was refused: name, reason in words, count, last time', async () => {
    renderApp('/devices/d1/', { handle: workshop({ refused: true }).handle });
    await screen.findByRole('heading', { name: 'bench-board' });
    const items = await within(refusedSection()).findAllByTestId('refused-value');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('count');
    expect(items[0]?.textContent).toContain('Not a variable of the thing (renamed or deleted?)');
    expect(items[0]?.textContent).toContain((492).toLocaleString());
    expect(
      within(items[0] as HTMLElement)
        .getByText(/./, { selector: 'time' })
        .getAttribute('dateTime'),
    ).toBe(LAST);
    expect(items[1]?.textContent).toContain('Whole message');
    expect(items[1]?.textContent).toContain('Over the device’s message rate: dropped');
    expect(items[1]?.textContent).toContain('Once');
  });

  it('clears them only after a confirmation', async () => {
    const iot = workshop({ refused: true });
    renderApp('/devices/d1/', { handle: iot.handle });
    await within(await screen.findByRole('region', { name: 'Refused values' })).findAllByTestId(
      'refused-value',
    );
    fireEvent.click(within(refusedSection()).getByRole('button', { name: 'Clear' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear refused values' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(iot.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(refusedSection()).getAllByTestId('refused-value')).toHaveLength(2);

    fireEvent.click(within(refusedSection()).getByRole('button', { name: 'Clear' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear refused values' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear refused values' }));
    await within(refusedSection()).findByText('No refused values');
    expect(iot.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/iot/v2/devices/d1/refused_values',
    ]);
  });

  it('shows an empty state when nothing was refused', async () => {
    renderApp('/devices/d1/', { handle: workshop().handle });
    expect(
      await within(await screen.findByRole('region', { name: 'Refused values' })).findByText(
        'No refused values',
      ),
    ).toBeTruthy();
    expect(within(refusedSection()).queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it("shows on the thing page its device's refused values", async () => {
    const iot = workshop({ refused: true });
    renderApp('/things/t1/', { handle: iot.handle });
    const items = await within(await screen.findByRole('region', { name: 'Refused values' })).findAllByTestId(
      'refused-value',
    );
    expect(items[0]?.textContent).toContain('count');
    expect(iot.calls.some((c) => c.url === '/iot/v2/things/t1/refused_values')).toBe(true);
  });

  it('shows an empty state on the page of a thing without a device', async () => {
    renderApp('/things/t2/', { handle: workshop({ refused: true }).handle });
    const section = await screen.findByRole('region', { name: 'Refused values' });
    expect(await within(section).findByText('No refused values')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Clear' })).toBeNull();
  });
});

describe('Renaming or deleting a variable', () => {
  it("warns that the board's sketch must be updated and links to the thing's sketch", async () => {
    renderApp('/things/t1/', { handle: workshop({ sketch: true }).handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit total' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit total' });
    // Nothing to warn about while the name is unchanged.
    expect(within(dialog).queryByTestId('sketch-update-warning')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Variable name'), { target: { value: 'count_total' } });
    const warning = within(dialog).getByTestId('sketch-update-warning');
    expect(warning.textContent).toContain('The board’s sketch must be updated');
    expect(warning.textContent).toContain('total');
    await waitFor(() =>
      expect(
        within(warning).getByRole('link', { name: 'Open the thing’s sketch' }).getAttribute('href'),
      ).toBe('/sketches/s1/'),
    );
  });

  it('says what to do without a sketch, and warns on delete too', async () => {
    renderApp('/things/t1/', { handle: workshop().handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit total' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit total' });
    fireEvent.change(within(dialog).getByLabelText('Variable name'), { target: { value: 'count_total' } });
    expect(within(dialog).getByTestId('sketch-update-warning').textContent).toContain(
      'Rename the variable in the board’s sketch and upload it again.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete total' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete variable' });
    expect(within(dialog).getByTestId('sketch-update-warning').textContent).toContain(
      'The board’s sketch must be updated',
    );
  });
});
