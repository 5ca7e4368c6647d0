import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimeSeriesInput } from './chart-data.ts';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';

const temperature = (points: [number, number][]): TimeSeriesInput[] => [
  { id: 'temperature', name: 'temperature', kind: 'number', points: points.map(([t, v]) => ({ t, v })) },
];

describe('TimeSeriesChart', () => {
  it('names the plot by its summary and draws it with uPlot once loaded', async () => {
    render(
      <TimeSeriesChart
        title="temperature"
        series={temperature([
          [1000, 20],
          [2000, 21.5],
        ])}
        from={0}
        to={3000}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'temperature' });
    expect(within(figure).getByRole('img', { name: 'temperature: 2 values from 20 to 21.5' })).toBeTruthy();
    const canvas = await within(figure).findByTestId('chart-canvas');
    await waitFor(() => expect(canvas.querySelector('.uplot canvas')).toBeTruthy());
    // The window is shown, not the data's extent.
    await waitFor(() => expect([canvas.dataset.xMin, canvas.dataset.xMax]).toEqual(['0', '3000']));
    expect(within(figure).getByTestId('chart-legend-value').textContent).toBe('21.5');
    expect(within(figure).queryByRole('button', { name: 'Reset zoom' })).toBeNull();
  });

  it('takes new values into the same plot, following the window', async () => {
    const first = temperature([[1000, 20]]);
    const { rerender } = render(<TimeSeriesChart title="temperature" series={first} from={0} to={3000} />);
    const host = await screen.findByTestId('chart-canvas');
    await waitFor(() => expect(host.querySelector('canvas')).toBeTruthy());
    const drawn = host.querySelector('canvas');
    const more = temperature([
      [1000, 20],
      [3500, 23],
    ]);
    rerender(<TimeSeriesChart title="temperature" series={more} from={500} to={3500} />);
    await waitFor(() => expect(screen.getByTestId('chart-legend-value').textContent).toBe('23'));
    expect(screen.getByRole('img', { name: 'temperature: 2 values from 20 to 23' })).toBeTruthy();
    await waitFor(() => expect([host.dataset.xMin, host.dataset.xMax]).toEqual(['500', '3500']));
    // Not re-created: the same canvas element.
    expect(screen.getByTestId('chart-canvas').querySelector('canvas')).toBe(drawn);
  });

  it('says when the period has no values', () => {
    render(<TimeSeriesChart title="humidity" series={temperature([])} from={0} to={1000} />);
    expect(screen.getByRole('img', { name: 'temperature: no values in this period' })).toBeTruthy();
    expect(screen.getByText('No values in this period.')).toBeTruthy();
  });
});

describe('TimeSeriesChart kinds and last value', () => {
  const series: TimeSeriesInput[] = [
    {
      id: 'count',
      name: 'count',
      kind: 'integer',
      // Bucket averages; the counter itself last stored 20.
      points: [
        { t: 1000, v: 18 },
        { t: 2000, v: 19.5 },
      ],
      last: { t: 2600, v: 20 },
    },
    {
      id: 'led',
      name: 'led',
      kind: 'boolean',
      points: [
        { t: 1000, v: 0 },
        { t: 2000, v: 1 },
      ],
    },
    { id: 'temp', name: 'temp', kind: 'number', points: [{ t: 1500, v: 21.25 }] },
  ];

  it('draws integers as steps, booleans as bands and numbers as lines, with the stored last value', async () => {
    render(<TimeSeriesChart title="board" series={series} from={0} to={3000} />);
    const items = within(screen.getByTestId('chart-legend')).getAllByRole('listitem');
    expect(items.map((li) => [li.dataset.series, li.dataset.drawn])).toEqual([
      ['count', 'steps'],
      ['led', 'band'],
      ['temp', 'line'],
    ]);
    expect(screen.getAllByTestId('chart-legend-value').map((v) => v.textContent)).toEqual([
      '20',
      'true',
      '21.25',
    ]);
    const table = screen.getByRole('table', { name: 'board: values in this period' });
    expect(within(table).getByRole('row', { name: /^count/ }).textContent).toContain('20');
    await waitFor(() => expect(screen.getByTestId('chart-canvas').querySelector('canvas')).toBeTruthy());
  });

  it('zooms by keyboard on the focused plot and goes back with 0 or Reset zoom', async () => {
    render(<TimeSeriesChart title="board" series={series} from={0} to={3000} />);
    const plot = screen.getByRole('img', { name: /^count/ });
    const host = await screen.findByTestId('chart-canvas');
    await waitFor(() => expect(host.dataset.xMax).toBe('3000'));
    plot.focus();
    fireEvent.keyDown(plot, { key: '+' });
    await waitFor(() => expect([host.dataset.xMin, host.dataset.xMax]).toEqual(['300', '2700']));
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    await waitFor(() => expect([host.dataset.xMin, host.dataset.xMax]).toEqual(['600', '3000']));
    fireEvent.keyDown(plot, { key: '0' });
    await waitFor(() => expect([host.dataset.xMin, host.dataset.xMax]).toEqual(['0', '3000']));
    fireEvent.keyDown(plot, { key: '-' });
    fireEvent.keyDown(plot, { key: '+' });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(host.dataset.xMax).toBe('3000'));
    expect(host.dataset.xMin).toBe('0');
  });
});
