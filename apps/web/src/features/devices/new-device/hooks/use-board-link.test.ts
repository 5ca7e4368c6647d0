import { act, renderHook, waitFor } from '@testing-library/react';
import { SIMULATED_UHWID } from '@tinkercloud/device-protocol/board-config';
import { describe, expect, it, vi } from 'vitest';
import type { TransportPlan } from '../model/web-transports.ts';
import { simulatedBoardPicker } from '../testing/simulated-board-ports.ts';
import { useBoardLink } from './use-board-link.ts';

const PLAN: TransportPlan = { transport: 'serial', available: true, forced: false, anyBoard: false };
const UHWID = Array.from(SIMULATED_UHWID, (b) => b.toString(16).padStart(2, '0')).join('');

describe('useBoardLink against the simulated board', () => {
  it('chooses, reads id, firmware and networks, then joins a network and ends the session', async () => {
    const picker = simulatedBoardPicker();
    const { result } = renderHook(() => useBoardLink(PLAN, picker.request));
    expect(result.current.state.phase).toBe('idle');
    await act(() => result.current.choose());
    const s = result.current.state;
    expect(s.phase).toBe('ready');
    expect(s.label).toBe('USB 2341:1002');
    expect(s.identity?.uniqueHardwareId).toBe(UHWID);
    expect(s.identity?.jwt.split('.')).toHaveLength(3);
    expect(s.firmware).toBe('0.5.2');
    expect(s.networks.map((n) => n.ssid)).toEqual(['Workshop', 'Greenhouse 2.4G', 'Guest']);

    // Scanning again asks the board again; the form keeps the board meanwhile.
    let rescanning: Promise<void> = Promise.resolve();
    act(() => {
      rescanning = result.current.rescan();
    });
    expect(result.current.state.phase).toBe('scanning');
    await act(() => rescanning);
    expect(result.current.state.phase).toBe('ready');
    expect(
      picker.pipes[0]?.board.received.filter((m) => m.type === 'command' && m.command === 100),
    ).toHaveLength(2);

    let joined = false;
    await act(async () => {
      joined = await result.current.configure('Workshop', 'solder-and-coffee');
    });
    expect(joined).toBe(true);
    expect(result.current.state.phase).toBe('configured');
    expect(result.current.state.statuses).toEqual([1, 2]);
    const board = picker.pipes[0]?.board;
    expect(board?.joined).toBe('Workshop');
    // A clean end: the board heard the disconnect packet.
    expect(board?.connected).toBe(false);
  });

  it('a wrong password leaves the board ready with the failure in words; a retry joins', async () => {
    const picker = simulatedBoardPicker();
    const { result } = renderHook(() => useBoardLink(PLAN, picker.request));
    await act(() => result.current.choose());
    await act(async () => {
      expect(await result.current.configure('Guest', 'wrong')).toBe(false);
    });
    expect(result.current.state.phase).toBe('ready');
    expect(result.current.state.error).toMatch(/failed to connect to the network/);
    expect(result.current.state.statuses).toEqual([1, -1]);
    await act(async () => {
      expect(await result.current.configure('Guest', 'welcome123')).toBe(true);
    });
    expect(result.current.state.error).toBeNull();
    expect(picker.pipes[0]?.board.joined).toBe('Guest');
  });

  it('a board that stays silent fails after 10 s, and choosing again tries a new session', async () => {
    vi.useFakeTimers();
    try {
      const picker = simulatedBoardPicker({ silent: true });
      const { result } = renderHook(() => useBoardLink(PLAN, picker.request));
      let choosing: Promise<void> = Promise.resolve();
      act(() => {
        choosing = result.current.choose();
      });
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(result.current.state.phase).toBe('reading');
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      await act(() => choosing);
      expect(result.current.state.phase).toBe('failed');
      expect(result.current.state.error).toMatch(/did not answer for 10 seconds/);
      // The board starts answering (its sketch was uploaded): choosing again reaches it.
      vi.useRealTimers();
      picker.silent = false;
      await act(() => result.current.choose());
      expect(result.current.state.phase).toBe('ready');
      expect(picker.pipes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closing the picker is not an error', async () => {
    const { result } = renderHook(() =>
      useBoardLink(PLAN, async () => {
        throw new DOMException('No port selected by the user.', 'NotFoundError');
      }),
    );
    await act(() => result.current.choose());
    expect(result.current.state).toMatchObject({ phase: 'idle', error: null });
  });

  it('a board unplugged while it is read is reported', async () => {
    const picker = simulatedBoardPicker();
    const { result } = renderHook(() =>
      useBoardLink(PLAN, async (plan) => {
        const picked = await picker.request(plan);
        return {
          ...picked,
          open: async (events) => {
            const port = await picked.open(events);
            setTimeout(() => events.lost(new Error('The board was disconnected.')), 1);
            return port;
          },
        };
      }),
    );
    await act(() => result.current.choose());
    await waitFor(() => expect(result.current.state.phase).toBe('failed'));
    expect(result.current.state.error).toBe('The board was disconnected.');
    // The port was freed, so the same board can be chosen again.
    expect(picker.pipes[0]?.board.connected).toBe(false);
  });
});
