import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValueView } from './ValueView.tsx';

const shown = (type: string, value: unknown) => {
  const { unmount, container } = render(<ValueView type={type} value={value} />);
  const text = screen.getByTestId('variable-value').textContent;
  const html = container.innerHTML;
  unmount();
  return { text, html };
};

describe('ValueView shows a value by the kind of its type', () => {
  it('booleans as on/off, numbers with their unit beside them, strings as they are', () => {
    expect(shown('STATUS', true).text).toBe('On');
    expect(shown('HOME_SWITCH', false).text).toBe('Off');
    const temperature = shown('TEMPERATURE_C', 21.5);
    expect(temperature.text).toBe('21.5');
    expect(temperature.html).toContain('°C');
    expect(shown('CHARSTRING', 'hello').text).toBe('hello');
    expect(shown('FLOAT', undefined).text).toBe('–');
  });

  it('colours as a swatch with the value in words', () => {
    const color = shown('COLOR_HSB', { hue: 0, sat: 100, bri: 100 });
    expect(color.text).toBe('H 0° S 100% B 100%');
    expect(color.html).toContain('background: rgb(255, 0, 0)');
    expect(shown('COLOR_RGB', { r: 1, g: 2, b: 3 }).text).toBe('R 1 G 2 B 3');
    expect(shown('HOME_COLORED_LIGHT', { swi: true, hue: 120, sat: 100, bri: 100 }).text).toBe(
      'OnH 120° S 100% B 100%',
    );
    expect(shown('HOME_DIMMED_LIGHT', { swi: false, bri: 40 }).text).toBe('Off, brightness 40%');
  });

  it('places as coordinates linking to a map, schedules and televisions in words', () => {
    const place = shown('LOCATION', { lat: 45.07, lon: 7.69 });
    expect(place.text).toBe('45.07° N, 7.69° E');
    expect(place.html).toContain('openstreetmap.org');
    expect(shown('SCHEDULE', { frm: 1_780_299_000, to: 0, len: 1800, msk: 0 }).text).toBe(
      'Once on 1 Jun 2026, 07:30–08:00',
    );
    expect(shown('HOME_TELEVISION', { swi: true, vol: 20, mut: true, pbc: 0, inp: 0, cha: 5 }).text).toBe(
      'On, channel 5, volume 20 (muted)',
    );
    expect(shown('GENERIC_COMPLEX_PROPERTY', { a: 1 }).text).toBe('{"a":1}');
  });
});
