import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/app-harness.tsx';
import type { Property } from '../../api/schemas.ts';
import { fakeIot } from '../../testing/fake-iot.ts';

const level: Property = {
  id: 'level',
  name: 'level',
  type: 'FLOAT',
  permission: 'READ_ONLY',
  thing_id: 't1',
  last_value: 3,
};

function board(options: Record<string, unknown>) {
  return fakeIot({
    things: [{ id: 't1', name: 'Tank' }],
    properties: [level],
    dashboards: [
      {
        id: 'b1',
        name: 'Tanks',
        updated_at: new Date().toISOString(),
        widgets: [
          {
            id: 'w-chart',
            type: 'chart',
            name: 'Level',
            options,
            x: 0,
            y: 0,
            width: 6,
            height: 4,
            variables: [{ ...level, thing_name: 'Tank' }],
          },
        ],
      },
    ],
  });
}

type SeriesCall = { url: string; body: { requests: Record<string, unknown>[] } };
const seriesCalls = (iot: ReturnType<typeof fakeIot>) =>
  iot.calls.filter((c) => c.url === '/iot/v2/series/batch_query') as unknown as SeriesCall[];

afterEach(() => vi.restoreAllMocks());

describe('Chart widget', () => {
  it("reads its buckets with the widget's aggregation option", async () => {
    const iot = board({ aggregation: 'MAX' });
    renderApp('/dashboards/b1/?graph=1D', { handle: iot.handle });
    await screen.findByRole('figure', { name: 'Level' });
    expect(seriesCalls(iot).at(-1)?.body.requests[0]).toMatchObject({ q: 'thing.t1', aggregation: 'MAX' });
  });

  it('keeps the aggregation chosen in the widget dialog in its options', async () => {
    const iot = board({});
    renderApp('/dashboards/b1/?graph=1D', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Configure Level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Chart' });
    const aggregation = within(dialog).getByLabelText('Aggregation') as HTMLSelectElement;
    expect(aggregation.value).toBe('AVG');
    fireEvent.change(aggregation, { target: { value: 'MIN' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    const save = iot.calls.find(
      (c) => c.method === 'PUT' && c.url === '/iot/v2/dashboards/b1',
    ) as unknown as {
      body: { widgets: { options: Record<string, unknown> }[] };
    };
    expect(save.body.widgets[0]?.options).toEqual({ aggregation: 'MIN' });
    // The chart reads its buckets with the new aggregation (other reads of the page may come after it).
    await waitFor(() =>
      expect(seriesCalls(iot).some((c) => c.body.requests[0]?.aggregation === 'MIN')).toBe(true),
    );
  });

  it('shows a custom range of its own and downloads the CSV of the shown period through an export link', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const iot = board({});
    renderApp('/dashboards/b1/?graph=1D', { handle: iot.handle });
    const widget = await screen.findByRole('article', { name: 'Level' });
    await within(widget).findByRole('figure', { name: 'Level' });
    fireEvent.click(within(widget).getByRole('button', { name: 'Custom range' }));
    fireEvent.change(within(widget).getByLabelText('Range start'), { target: { value: '2024-06-02T10:00' } });
    fireEvent.change(within(widget).getByLabelText('Range end'), { target: { value: '2024-06-01T10:00' } });
    fireEvent.click(within(widget).getByRole('button', { name: 'Show' }));
    expect(within(widget).getByRole('alert').textContent).toBe('The start must be before the end.');
    fireEvent.change(within(widget).getByLabelText('Range end'), { target: { value: '2024-06-03T10:00' } });
    fireEvent.click(within(widget).getByRole('button', { name: 'Show' }));
    const from = new Date('2024-06-02T10:00').toISOString();
    const to = new Date('2024-06-03T10:00').toISOString();
    await waitFor(() => expect(seriesCalls(iot).at(-1)?.body.requests[0]).toMatchObject({ from, to }));

    fireEvent.click(await within(widget).findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['http://localhost/iot/v2/series/historic_data/e1']));
    expect(iot.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/iot/v2/series/export_link',
        body: { from, to, properties: ['level'] },
      }),
    );

    fireEvent.click(within(widget).getByRole('button', { name: 'Page range' }));
    await waitFor(() => expect(within(widget).queryByRole('button', { name: 'Page range' })).toBeNull());
  });
});
