import { describe, expect, it } from 'vitest';
import { parseLogLine } from './mosquitto-log.ts';

const ID = 'a1b2c3d4-0000-4000-8000-000000000001';

describe('Mosquitto log lines', () => {
  it('reads connections and every kind of disconnection (lines of Mosquitto 2.0.11)', () => {
    expect(
      parseLogLine(`1795330176: New client connected from 127.0.0.1:50254 as ${ID} (p2, c1, k30, u'${ID}').`),
    ).toEqual({
      kind: 'connected',
      clientId: ID,
    });
    for (const line of [
      `1795330176: Client ${ID} disconnected.`,
      `1795330176: Client ${ID} closed its connection.`,
      `1795330176: Client ${ID} has exceeded timeout, disconnecting.`,
      `1795330176: Socket error on client ${ID}, disconnecting.`,
    ]) {
      expect(parseLogLine(line)).toEqual({ kind: 'disconnected', clientId: ID });
    }
  });

  it('ignores refused logins, takeovers and everything else', () => {
    expect(parseLogLine('1795330177: Client <unknown> disconnected, not authorised.')).toBeNull();
    expect(parseLogLine(`1795330177: Client ${ID} already connected, closing old connection.`)).toBeNull();
    expect(parseLogLine('1795330176: New connection from 127.0.0.1:50254 on port 18830.')).toBeNull();
  });
});
