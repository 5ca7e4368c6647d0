import { describe, expect, it } from 'vitest';
import { firingText } from './firing-text.ts';

describe('firingText', () => {
  it('names the thing, variable and value, or the device and its new state', () => {
    expect(
      firingText({ thing: { name: 'Greenhouse' }, property: { name: 'temperature', value: 31.5 } }),
    ).toBe('Greenhouse · temperature was 31.5');
    expect(firingText({ property: { name: 'note', value: 'hi' } })).toBe('note was hi');
    expect(firingText({ property: { name: 'spot', value: { lat: 1, lon: 2 } } })).toBe(
      'spot was {"lat":1,"lon":2}',
    );
    expect(firingText({ device: { name: 'Board', status: 'DISCONNECTED' } })).toBe('Board went offline');
    expect(firingText({ device: { name: '', status: 'CONNECTED' } })).toBe('The device went online');
    expect(firingText({})).toBe('Fired');
  });
});
