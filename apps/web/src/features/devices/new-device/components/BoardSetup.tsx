import { useQuery, useQueryClient } from '@tanstack/react-query';
import { wifiConfigProblem } from '@tinkercloud/device-protocol/board-config';
import { type FormEvent, useMemo, useState } from 'react';
import { createDevice } from '@/features/devices/api/devices.ts';
import { DeviceNameField } from '@/features/devices/components/DeviceNameField.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { useServices } from '../../../../app/services.tsx';
import { Field } from '../../../../components/Field.tsx';
import { readSwitch } from '../../../../lib/feature-flags.ts';
import { iotKeys } from '../../../iot/api/query-keys.ts';
import { useSpaces } from '../../../spaces/hooks.ts';
import { deviceNameProblem } from '../../model/device-name.ts';
import { bindToThing } from '../api/bind-to-thing.ts';
import { type Board, boardsQueryOptions, startOnboarding } from '../api/provisioning.ts';
import { useBoardLink } from '../hooks/use-board-link.ts';
import { provisioningVersion, type TransportPlan } from '../model/web-transports.ts';
import type { RequestBoard } from '../model/web-transports-dom.ts';
import { BoardLinkPanel } from './BoardLinkPanel.tsx';
import { TransportNotice } from './TransportNotice.tsx';
import { chosenSsid, NO_WIFI_CHOICE, type WifiChoice, WifiNetworkFields } from './WifiNetworkFields.tsx';

/**
 * The boards the setup offers: those of our catalogue with a provisioning protocol, or, with the flag
 * `provisioning-ignore-known-board-filter`, every board that does not sign in with a secret key.
 */
export function offeredBoards(boards: Board[], anyBoard: boolean): Board[] {
  return boards.filter((b) => !b.tags.includes('secret key') && (anyBoard || b.provisioning !== undefined));
}

/**
 * A board of our catalogue: choose it, name it; the device is made and an onboarding waits for it to
 * connect (`onStarted` gets the onboarding id). Where the browser reaches the board (Web Serial, Web
 * Bluetooth) it also reads the board's id and gives it its Wi-Fi network before the onboarding page.
 */
export function BoardSetup({
  plan,
  fixedType,
  thingId,
  onStarted,
  requestBoard,
}: {
  /** How the browser reaches the board; absent when the board connects by itself (UNO Q). */
  plan?: TransportPlan | undefined;
  /** Only this board type (the UNO Q link). */
  fixedType?: string;
  thingId?: string | undefined;
  onStarted: (onboardingId: string) => void;
  /** The browser's board picker unless a test gives another. */
  requestBoard?: RequestBoard;
}) {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  const queryClient = useQueryClient();
  const boards = useQuery(boardsQueryOptions(api, config));
  const anyBoard = readSwitch('provisioning-ignore-known-board-filter');
  const offered = useMemo(() => {
    const all = boards.data ?? [];
    return fixedType ? all.filter((b) => b.type === fixedType) : offeredBoards(all, anyBoard);
  }, [boards.data, fixedType, anyBoard]);
  const [type, setType] = useState('');
  const board = offered.find((b) => b.type === type) ?? offered[0];
  const [name, setName] = useState('');
  const [wifi, setWifi] = useState<WifiChoice>(NO_WIFI_CHOICE);
  const [error, setError] = useState<string | null>(null);
  const [wifiError, setWifiError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The onboarding of a device already made whose board has not joined its network yet (a retry). */
  const [pending, setPending] = useState<string | null>(null);
  const link = useBoardLink(plan, requestBoard);

  if (boards.isPending)
    return (
      <p className="muted" role="status">
        <span className="spinner spinner-small" aria-hidden="true" /> Loading boards…
      </p>
    );
  if (boards.isError || !board)
    return (
      <p className="field-error" role="alert">
        {boards.error?.message ?? 'No board of the catalogue can be set up here.'}
      </p>
    );
  const version = provisioningVersion(board);
  const { phase, identity, firmware, networks } = link.state;
  const boardReady =
    identity !== null && (phase === 'ready' || phase === 'scanning' || phase === 'configuring');
  // While the board is being read, a submit would make the device without it.
  const linkBusy = phase === 'opening' || phase === 'reading' || phase === 'scanning';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = pending ? null : deviceNameProblem(name);
    setError(problem);
    const ssid = chosenSsid(wifi, networks);
    const wifiProblem = boardReady ? wifiConfigProblem(ssid, wifi.password) : null;
    setWifiError(wifiProblem);
    if (problem || wifiProblem) return;
    setBusy(true);
    try {
      let onboardingId = pending;
      if (!onboardingId) {
        const device = await createDevice(api, config, space, {
          name: name.trim(),
          type: board.type,
          fqbn: board.fqbn,
          uniqueHardwareId: boardReady ? identity?.uniqueHardwareId : undefined,
          wifiFwVersion: boardReady ? (firmware ?? undefined) : undefined,
        });
        if (thingId) await bindToThing(api, config, space, thingId, device.id);
        void readAgain(queryClient, iotKeys.space(space));
        onboardingId = (await startOnboarding(api, config, space, device.id)).id;
      }
      if (!boardReady) {
        onStarted(onboardingId);
        return;
      }
      // Kept until the board joins: a retry only sends the Wi-Fi settings again.
      setPending(onboardingId);
      if (await link.configure(ssid, wifi.password)) onStarted(onboardingId);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flow-card new-device-card" aria-labelledby="board-title">
      <h2 id="board-title">{fixedType ? board.label : `A board of the ${config.productName} catalogue`}</h2>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {!fixedType && (
          <Field label="Board">
            {(control) => (
              <select
                {...control}
                value={board.type}
                disabled={pending !== null}
                onChange={(event) => setType(event.target.value)}
              >
                {offered.map((b) => (
                  <option key={b.type} value={b.type}>
                    {b.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {plan && (
          <TransportNotice plan={plan} version={version}>
            <BoardLinkPanel state={link.state} onChoose={() => void link.choose()} disabled={busy} />
          </TransportNotice>
        )}
        {boardReady && (
          <WifiNetworkFields
            networks={networks}
            value={wifi}
            onChange={setWifi}
            onRescan={() => void link.rescan()}
            disabled={busy || phase === 'scanning'}
            error={wifiError}
          />
        )}
        {pending ? (
          <p className="muted" data-testid="device-made">
            The device {name.trim()} is made; once the board joins its network the page moves on.
          </p>
        ) : (
          <DeviceNameField value={name} onChange={setName} error={error} />
        )}
        {pending && error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="page-actions">
          <button type="submit" className="button" disabled={busy || linkBusy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Set up device
          </button>
        </div>
      </form>
    </section>
  );
}
