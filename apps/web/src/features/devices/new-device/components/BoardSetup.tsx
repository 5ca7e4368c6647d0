import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { createDevice } from '@/features/devices/api/devices.ts';
import { DeviceNameField } from '@/features/devices/components/DeviceNameField.tsx';
import { useServices } from '../../../../app/services.tsx';
import { Field } from '../../../../components/Field.tsx';
import { readSwitch } from '../../../../lib/feature-flags.ts';
import { iotKeys } from '../../../iot/api/query-keys.ts';
import { useSpaces } from '../../../spaces/hooks.ts';
import { deviceNameProblem } from '../../model/device-name.ts';
import { bindToThing } from '../api/bind-to-thing.ts';
import { type Board, boardsQueryOptions, startOnboarding } from '../api/provisioning.ts';
import { provisioningVersion, type TransportPlan } from '../model/web-transports.ts';
import { pickBoard } from '../model/web-transports-dom.ts';

/**
 * The boards the setup offers: those of our catalogue with a provisioning protocol, or, with the flag
 * `provisioning-ignore-known-board-filter`, every board that does not sign in with a secret key.
 */
export function offeredBoards(boards: Board[], anyBoard: boolean): Board[] {
  return boards.filter((b) => !b.tags.includes('secret key') && (anyBoard || b.provisioning !== undefined));
}

const TRANSPORT_NAME = { serial: 'Web Serial (USB)', ble: 'Web Bluetooth' } as const;

/**
 * A board of our catalogue: choose it (and, where the browser can, reach it over USB or Bluetooth), name it;
 * the device is made and an onboarding waits for it to connect (`onStarted` gets the onboarding id).
 */
export function BoardSetup({
  plan,
  fixedType,
  thingId,
  onStarted,
}: {
  /** How the browser reaches the board; absent when the board connects by itself (UNO Q). */
  plan?: TransportPlan | undefined;
  /** Only this board type (the UNO Q link). */
  fixedType?: string;
  thingId?: string | undefined;
  onStarted: (onboardingId: string) => void;
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
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  const choose = async () => {
    if (!plan) return;
    setError(null);
    try {
      setPicked(await pickBoard(plan));
    } catch (err) {
      // Closing the picker is not an error worth shouting about.
      if (!(err instanceof DOMException && err.name === 'NotFoundError'))
        setError(err instanceof Error ? err.message : String(err));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = deviceNameProblem(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const device = await createDevice(api, config, space, {
        name: name.trim(),
        type: board.type,
        fqbn: board.fqbn,
      });
      if (thingId) await bindToThing(api, config, space, thingId, device.id);
      void queryClient.invalidateQueries({ queryKey: iotKeys.space(space) });
      const onboarding = await startOnboarding(api, config, space, device.id);
      onStarted(onboarding.id);
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
              <select {...control} value={board.type} onChange={(event) => setType(event.target.value)}>
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
          <div className="notice" data-testid="transport">
            <p>
              {plan.available
                ? `This browser can reach the board over ${TRANSPORT_NAME[plan.transport]}.`
                : `This browser has no ${TRANSPORT_NAME[plan.transport]}: set the board up with arduino-cloud-cli, or use a browser that has it. The page still waits for the board to connect.`}
              {plan.forced && ' (Web Serial is forced by a feature flag.)'}
            </p>
            {version.version && (
              <p className="muted">
                Provisioning protocol {version.version}
                {version.forced ? ' (forced by a feature flag)' : ''}.
              </p>
            )}
            {plan.available && (
              <p>
                <button type="button" className="button button-subtle" onClick={() => void choose()}>
                  Choose the board
                </button>{' '}
                {picked && <span data-testid="picked-board">{picked}</span>}
              </p>
            )}
          </div>
        )}
        <DeviceNameField value={name} onChange={setName} error={error} />
        <div className="page-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Set up device
          </button>
        </div>
      </form>
    </section>
  );
}
