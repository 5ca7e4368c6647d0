import { render, screen, waitFor, within } from '@testing-library/react';
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
