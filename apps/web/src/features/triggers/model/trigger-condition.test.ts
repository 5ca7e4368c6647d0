import { describe, expect, it } from 'vitest';
import { durationText, statusConditionText, variableConditionText } from './trigger-condition.ts';

describe('trigger conditions in words', () => {
  it('names the variable conditions with their value, texts in quotes', () => {
    expect(variableConditionText(undefined)).toBe('changes');
    expect(variableConditionText({ operator: 'CHANGED' })).toBe('changes');
    expect(variableConditionText({ operator: 'LTE', value: 4.5 })).toBe('is 4.5 or less');
    expect(variableConditionText({ operator: 'NE', value: 'off' })).toBe('differs from "off"');
    expect(variableConditionText({ operator: 'FALSE' })).toBe('is false');
    expect(variableConditionText({ operator: 'EQ', value: { text: 'x'.repeat(80) } })).toMatch(
      /^equals .{39}…$/,
    );
  });

  it('names the device status conditions with their grace periods', () => {
    const source = { criteria: 'INCLUDE' as const, grace_period_online: 7200, grace_period_offline: 45 };
    expect(statusConditionText({ operator: 'CONNECTED' }, source)).toBe('goes online for 2 h');
    expect(statusConditionText({ operator: 'DISCONNECTED' }, source)).toBe('goes offline for 45 s');
    expect(statusConditionText(undefined, source)).toBe('goes online for 2 h or goes offline for 45 s');
    expect(statusConditionText(undefined, { criteria: 'EXCLUDE' })).toBe('goes online or offline');
  });

  it('shows a duration in the largest unit that divides it', () => {
    expect(durationText(86_400 * 2)).toBe('2 d');
    expect(durationText(90)).toBe('90 s');
    expect(durationText(600)).toBe('10 min');
  });
});
