import type { AppNotification } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { freshNotifications } from './fresh-notifications.ts';
import { markedRead } from './mark-read.ts';

const note = (id: string, read = false): AppNotification => ({
  id,
  kind: 'trigger',
  title: `t${id}`,
  body: '',
  data: {},
  created_at: '2026-11-26T20:00:00.000Z',
  read,
});

describe('notifications', () => {
  it('counts as fresh only the unread ones that arrived after the first answer', () => {
    expect(freshNotifications(null, [note('1')])).toEqual([]);
    const seen = new Set(['1']);
    expect(freshNotifications(seen, [note('3', true), note('2'), note('1')]).map((n) => n.id)).toEqual(['2']);
  });

  it('marks the named ones read, or all, and lowers the unread count', () => {
    const list = { notifications: [note('1'), note('2'), note('3', true)], unread: 2 };
    const one = markedRead(list, ['2'], 'now');
    expect(one?.unread).toBe(1);
    expect(one?.notifications.map((n) => n.read)).toEqual([false, true, true]);
    expect(one?.notifications[1]?.read_at).toBe('now');
    const all = markedRead(list, undefined, 'now');
    expect(all?.unread).toBe(0);
    expect(all?.notifications.every((n) => n.read)).toBe(true);
    expect(markedRead(undefined, undefined)).toBeUndefined();
  });
});
