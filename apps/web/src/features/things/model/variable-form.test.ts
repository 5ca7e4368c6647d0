import { describe, expect, it } from 'vitest';
import { checkVariable, formOf, NEW_VARIABLE, withType } from './variable-form.ts';

const form = (patch: Partial<typeof NEW_VARIABLE>) => ({
  ...NEW_VARIABLE,
  type: 'FLOAT',
  name: 'level',
  ...patch,
});

describe('the variable dialog checks', () => {
  it('builds the property request the server takes', () => {
    expect(checkVariable(form({ min: '0', max: '10', parameter: '0.5' }), [])).toEqual({
      ok: true,
      request: {
        name: 'level',
        type: 'FLOAT',
        permission: 'READ_WRITE',
        update_strategy: 'ON_CHANGE',
        update_parameter: 0.5,
        persist: true,
        min_value: 0,
        max_value: 10,
      },
    });
  });

  it('holds names to spec section 5 and the sketch: a letter first, no spaces, dots or dashes', () => {
    for (const bad of ['', '1st', 'my value', 'a.b', 'a-b', 'é', 'x'.repeat(64)]) {
      const result = checkVariable(form({ name: bad }), []);
      expect([bad, result.ok]).toEqual([bad, false]);
      if (!result.ok) expect(result.errors.name).toBeTruthy();
    }
    expect(checkVariable(form({ name: 'x'.repeat(63) }), []).ok).toBe(true);
    expect(checkVariable(form({ name: 'Room_2' }), []).ok).toBe(true);
    expect(checkVariable(form({ name: 'level' }), ['level'])).toMatchObject({
      ok: false,
      errors: { name: 'Another variable of this thing has this name.' },
    });
  });

  it('wants a catalogue type, a sensible update parameter and min ≤ max', () => {
    expect(checkVariable(form({ type: '' }), [])).toMatchObject({
      ok: false,
      errors: { type: 'Choose a type.' },
    });
    expect(checkVariable(form({ type: 'ANALOG' }), [])).toMatchObject({ ok: false }); // an alias, not offered
    expect(checkVariable(form({ strategy: 'TIMED', parameter: '0' }), [])).toMatchObject({
      ok: false,
      errors: { parameter: 'Enter a whole number of seconds, at least 1.' },
    });
    expect(checkVariable(form({ strategy: 'TIMED', parameter: '2.5' }), []).ok).toBe(false);
    expect(checkVariable(form({ parameter: '-1' }), []).ok).toBe(false);
    expect(checkVariable(form({ min: '5', max: '1' }), [])).toMatchObject({
      ok: false,
      errors: { max: 'The maximum must not be less than the minimum.' },
    });
    expect(checkVariable(form({ min: 'low' }), [])).toMatchObject({
      ok: false,
      errors: { min: expect.any(String) },
    });
  });

  it('sends no range for types without one, and read-only for sensors', () => {
    const color = checkVariable(form({ type: 'COLOR_HSB', min: '1', max: '2' }), []);
    expect(color.ok && 'min_value' in color.request).toBe(false);
    const sensor = withType(form({}), 'HOME_MOTION_SENSOR');
    expect(sensor.permission).toBe('READ_ONLY');
    expect(checkVariable({ ...sensor, permission: 'READ_WRITE' }, [])).toMatchObject({
      ok: true,
      request: { permission: 'READ_ONLY' },
    });
    expect(withType(form({}), 'HOME_SWITCH').permission).toBe('READ_WRITE');
  });

  it('starts an edit from the stored property', () => {
    expect(
      formOf({
        id: 'p',
        thing_id: 't',
        name: 'count',
        type: 'INT',
        permission: 'READ_ONLY',
        update_strategy: 'TIMED',
        update_parameter: 10,
        persist: false,
        min_value: -5,
      }),
    ).toEqual({
      name: 'count',
      type: 'INT',
      permission: 'READ_ONLY',
      strategy: 'TIMED',
      parameter: '10',
      persist: false,
      min: '-5',
      max: '',
    });
  });
});
