import {
  BoardConfigClient,
  type BoardIdentity,
  BoardStatusError,
  type WifiNetwork,
} from '@tinkercloud/device-protocol/board-config';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TransportPlan } from '../model/web-transports.ts';
import {
  type BoardPort,
  isPickerClosed,
  type RequestBoard,
  requestBoard as requestBoardInBrowser,
} from '../model/web-transports-dom.ts';

/**
 * Where the conversation with the board stands:
 * idle → opening (picker, port) → reading (id, firmware, scan) → ready ⇄ scanning | configuring →
 * configured; failed when the link broke (choose the board again); a refused Wi-Fi setting stays `ready`
 * with an error.
 */
export type BoardLinkPhase =
  | 'idle'
  | 'opening'
  | 'reading'
  | 'ready'
  | 'scanning'
  | 'configuring'
  | 'configured'
  | 'failed';

export interface BoardLinkState {
  phase: BoardLinkPhase;
  /** What the picker chose ("USB 2341:1002"). */
  label: string | null;
  identity: BoardIdentity | null;
  /** The Wi-Fi module's firmware version: undefined until asked, null when the sketch does not tell it. */
  firmware: string | null | undefined;
  networks: WifiNetwork[];
  /** Statuses the board sent during the current step, oldest first. */
  statuses: number[];
  error: string | null;
}

const INITIAL: BoardLinkState = {
  phase: 'idle',
  label: null,
  identity: null,
  firmware: undefined,
  networks: [],
  statuses: [],
  error: null,
};

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The board of a setup, reached over Web Serial or Web Bluetooth and spoken to with the board configuration
 * protocol (Arduino_NetworkConfigurator): `choose` opens the browser's picker, connects, reads the board's
 * id and firmware and scans; `configure` gives it a Wi-Fi network and waits until it joined, then ends the
 * session cleanly. `requestBoard` is the browser's picker unless a test gives another.
 */
export function useBoardLink(
  plan: TransportPlan | undefined,
  requestBoard: RequestBoard = requestBoardInBrowser,
) {
  const [state, setState] = useState<BoardLinkState>(INITIAL);
  const session = useRef<{ client: BoardConfigClient; port: BoardPort } | null>(null);
  const update = useCallback((patch: Partial<BoardLinkState>) => setState((s) => ({ ...s, ...patch })), []);

  const end = useCallback(async (polite: boolean) => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    if (polite) await current.client.disconnect().catch(() => {});
    else current.client.close(new Error('The session with the board ended.'));
    await current.port.close();
  }, []);

  // Leaving the page ends the session: the board goes back to waiting, the port is freed.
  useEffect(() => () => void end(true), [end]);

  const choose = useCallback(async () => {
    if (!plan) return;
    await end(true);
    update({ ...INITIAL, phase: 'opening' });
    try {
      const picked = await requestBoard(plan);
      update({ label: picked.label });
      let client: BoardConfigClient | null = null;
      let port: BoardPort | null = null;
      port = await picked.open({
        bytes: (chunk) => client?.receive(chunk),
        lost: (error) => {
          client?.close(error);
          // Freed at once, so choosing the same port again does not find it still open.
          void port?.close();
          if (client && session.current?.client === client) {
            session.current = null;
            setState((s) => (s.phase === 'configured' ? s : { ...s, phase: 'failed', error: error.message }));
          }
        },
      });
      const opened = port;
      client = new BoardConfigClient((bytes) => opened.write(bytes), {
        onStatus: (status) => setState((s) => ({ ...s, statuses: [...s.statuses, status] })),
      });
      session.current = { client, port: opened };
      update({ phase: 'reading' });
      await client.connect();
      const identity = await client.identify();
      update({ identity });
      // Sketches built before the firmware-version command answer "invalid request": not a failure.
      const firmware = await client.wifiFirmwareVersion().catch((err: unknown) => {
        if (err instanceof BoardStatusError) return null;
        throw err;
      });
      update({ firmware });
      const networks = await client.scan();
      update({ phase: 'ready', networks, statuses: [] });
    } catch (err) {
      await end(false);
      // Closing the picker is not an error worth shouting about.
      if (isPickerClosed(err)) update({ ...INITIAL });
      else update({ phase: 'failed', error: message(err) });
    }
  }, [plan, requestBoard, end, update]);

  const rescan = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    update({ phase: 'scanning', error: null, statuses: [] });
    try {
      update({ phase: 'ready', networks: await current.client.scan(), statuses: [] });
    } catch (err) {
      if (err instanceof BoardStatusError) update({ phase: 'ready', error: message(err) });
      else {
        await end(false);
        update({ phase: 'failed', error: message(err) });
      }
    }
  }, [end, update]);

  /** Sends the Wi-Fi settings; true once the board joined the network (the session is then ended). */
  const configure = useCallback(
    async (ssid: string, password: string): Promise<boolean> => {
      const current = session.current;
      if (!current) return false;
      update({ phase: 'configuring', error: null, statuses: [] });
      try {
        await current.client.configureWifi(ssid, password);
        update({ phase: 'configured' });
        await end(true);
        return true;
      } catch (err) {
        if (err instanceof BoardStatusError) update({ phase: 'ready', error: message(err) });
        else {
          await end(false);
          update({ phase: 'failed', error: message(err) });
        }
        return false;
      }
    },
    [end, update],
  );

  return { state, choose, rescan, configure };
}
