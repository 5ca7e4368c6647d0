import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkedVariable, Widget } from '@/features/dashboards/api/dashboard-schemas.ts';
import { GaugeWidget, gaugeArcPath } from './GaugeWidget.tsx';
import { ImageWidget, imageUrlOf } from './ImageWidget.tsx';
import { LedWidget } from './LedWidget.tsx';
import { PercentageWidget } from './PercentageWidget.tsx';
import { StickyNoteWidget } from './StickyNoteWidget.tsx';
import type { WidgetProps } from './widget-props.ts';

const variable: LinkedVariable = {
  id: 'v',
  name: 'level',
  type: 'FLOAT',
  permission: 'READ_ONLY',
  thing_id: 't',
};
const props = (widget: Partial<Widget>, value: unknown, variables = [variable]): WidgetProps => ({
  widget: { id: 'w', type: 'gauge', x: 0, y: 0, width: 2, height: 2, ...widget },
  variables,
  currentOf: () => ({ value, at: undefined }),
  space: 'my-cloud',
  canWrite: false,
  range: 'LIVE',
  streaming: false,
});

describe('gaugeArcPath', () => {
  it('runs from the left end over the top to the right end of the half circle', () => {
    expect(gaugeArcPath(0)).toBe('M 10 50 A 40 40 0 0 1 10.00 50.00');
    expect(gaugeArcPath(0.5)).toBe('M 10 50 A 40 40 0 0 1 50.00 10.00');
    expect(gaugeArcPath(1)).toBe('M 10 50 A 40 40 0 0 1 90.00 50.00');
    expect(gaugeArcPath(7)).toBe(gaugeArcPath(1));
  });
});

describe('widget drawings', () => {
  it('draws a gauge filled to where the value sits between min and max', () => {
    const { container } = render(
      <GaugeWidget {...props({ name: 'Tank', options: { min: 0, max: 200 } }, 100)} />,
    );
    expect(screen.getByRole('meter', { name: 'Tank' }).getAttribute('value')).toBe('100');
    expect(screen.getByTestId('gauge-fill').getAttribute('d')).toBe(gaugeArcPath(0.5));
    expect(container.textContent).toContain('0');
    expect(container.textContent).toContain('200');
  });

  it('leaves the gauge empty without a number', () => {
    render(<GaugeWidget {...props({ name: 'Tank' }, undefined)} />);
    expect(screen.queryByTestId('gauge-fill')).toBeNull();
  });

  it('shows a percentage of the range, and a dash without a number', () => {
    const { rerender } = render(<PercentageWidget {...props({ options: { min: 10, max: 20 } }, 12.5)} />);
    expect(screen.getByTestId('widget-value').textContent).toBe('25 %');
    rerender(<PercentageWidget {...props({ options: { min: 10, max: 20 } }, 'x')} />);
    expect(screen.getByTestId('widget-value').textContent).toBe('–');
  });

  it('lights the LED while the value is true', () => {
    const { rerender } = render(<LedWidget {...props({ name: 'Pump' }, true)} />);
    expect(screen.getByRole('status', { name: 'Pump: on' })).toBeTruthy();
    rerender(<LedWidget {...props({ name: 'Pump' }, false)} />);
    expect(screen.getByRole('status', { name: 'Pump: off' }).getAttribute('data-on')).toBe('false');
  });

  it('shows a sticky note text, with no variable needed', () => {
    render(
      <StickyNoteWidget
        {...props({ type: 'sticky_note', options: { text: 'Water on Mondays' } }, null, [])}
      />,
    );
    expect(screen.getByText('Water on Mondays')).toBeTruthy();
  });

  it('shows an image from its https address, with the widget name as its text', () => {
    const { rerender } = render(
      <ImageWidget
        {...props(
          { type: 'image', name: 'Floor plan', options: { url: 'https://example.org/a.png' } },
          null,
          [],
        )}
      />,
    );
    expect(screen.getByRole('img', { name: 'Floor plan' }).getAttribute('src')).toBe(
      'https://example.org/a.png',
    );
    rerender(
      <ImageWidget {...props({ type: 'image', options: { url: 'javascript:alert(1)' } }, null, [])} />,
    );
    expect(screen.getByText('No image address set')).toBeTruthy();
    expect(imageUrlOf({ url: 'http://example.org/a.png' })).toBeNull();
  });

  it('says when a widget has no variable linked', () => {
    render(<GaugeWidget {...props({}, 1, [])} />);
    expect(screen.getByText('No variable linked')).toBeTruthy();
  });
});
