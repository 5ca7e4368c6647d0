import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './live-event.ts';
import { spaceTopic } from './live-event.ts';
import { decodeWire, encodeWire } from './wire.ts';

const space = { organizationId: null, ownerUserId: '0b2c5a1e-8f6d-4c3b-9a7e-1d2f3a4b5c6d' };

describe('live wire', () => {
  it('carries dashboard events between processes unchanged', () => {
    for (const type of ['dashboards.created', 'dashboards.updated', 'dashboards.deleted'] as const) {
      const event: LiveEvent = {
        type,
        space,
        data: { dashboard_id: 'e4494d55-872a-4fd2-9646-92f87949394c' },
      };
      expect(decodeWire(spaceTopic(space), encodeWire('p1', event))).toEqual({
        ok: true,
        origin: 'p1',
        events: [event],
      });
    }
  });

  it('refuses a dashboard event without its id', () => {
    const bad = Buffer.from(
      JSON.stringify({ v: 1, origin: 'p1', type: 'dashboards.updated', space, data: {} }),
    );
    expect(decodeWire(spaceTopic(space), bad).ok).toBe(false);
  });

  it("carries a notification announcement to the processes holding the recipient's other streams", () => {
    const event: LiveEvent = {
      type: 'notifications.created',
      space,
      data: { notification_id: 'e4494d55-872a-4fd2-9646-92f87949394c', user_id: space.ownerUserId },
    };
    expect(decodeWire(spaceTopic(space), encodeWire('p1', event))).toEqual({
      ok: true,
      origin: 'p1',
      events: [event],
    });
    const anonymous = Buffer.from(
      JSON.stringify({
        v: 1,
        origin: 'p1',
        type: 'notifications.created',
        space,
        data: { notification_id: 'x' },
      }),
    );
    expect(decodeWire(spaceTopic(space), anonymous).ok).toBe(false);
  });
});
