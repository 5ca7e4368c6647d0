import { describe, expect, it } from 'vitest';
import { keptActionsText, keptDevicesLabel, keptDevicesOf } from './trigger-kept-parts.ts';

describe('trigger parts the form keeps', () => {
  it('keeps a device set that is neither one device nor every device', () => {
    expect(keptDevicesOf({ criteria: 'INCLUDE', device_ids: ['d1'] })).toBeUndefined();
    expect(keptDevicesOf({ criteria: 'EXCLUDE', device_ids: [] })).toBeUndefined();
    expect(keptDevicesOf(undefined)).toBeUndefined();
    const some = keptDevicesOf({ criteria: 'INCLUDE', device_ids: ['d1', 'd2'] });
    expect(some).toEqual({ criteria: 'INCLUDE', ids: ['d1', 'd2'] });
    expect(some && keptDevicesLabel(some)).toBe('The 2 devices chosen before');
    const allBut = keptDevicesOf({ criteria: 'EXCLUDE', device_ids: ['d1'] });
    expect(allBut && keptDevicesLabel(allBut)).toBe('Every device of the space but 1 device');
  });

  it('says what saving does with the actions the form does not show', () => {
    expect(keptActionsText({ others: [], dropped: 0 })).toBeNull();
    const one = { name: 'n', kind: 'NOTIFY-PUSH' as const };
    expect(keptActionsText({ others: [one], dropped: 0 })).toBe(
      'This trigger has 1 more action than this form shows; saving keeps it.',
    );
    expect(keptActionsText({ others: [one, one], dropped: 2 })).toBe(
      'This trigger has 2 more actions than this form shows; saving keeps them. 2 actions cannot be kept (nobody left in the space to tell, or incomplete) and are removed when you save.',
    );
  });
});
