import { useQueryClient } from '@tanstack/react-query';
import { propertyKindOf } from '@tinkercloud/shared/iot';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import type { Property } from '@/features/iot/api/schemas.ts';
import {
  formatValue,
  type ParsedInput,
  parseValueInput,
  valueKindOf,
} from '@/features/iot/model/value-kind.ts';
import { scheduleWords } from '@/features/iot/model/widgets/schedule.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { notePublishedValue } from '../api/published-value.ts';
import { publishValue } from '../api/things.ts';
import { colorHex } from '../model/value-display.ts';
import {
  colorInput,
  dimmedLightInput,
  locationInput,
  type ScheduleRepeat,
  scheduleInput,
} from '../model/value-input.ts';

const field = (value: unknown, name: string) => (value as Record<string, unknown> | null)?.[name];
const numberText = (v: unknown) => (typeof v === 'number' ? String(v) : '');

/** Sends a value: stored at once, shown before the server's copy comes back, delivered to a connected device. */
function usePublish(space: string, property: Property) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const send = async (value: unknown) => {
    if (busy) return false;
    setBusy(true);
    try {
      await publishValue(api, config, space, property, value);
      notePublishedValue(queryClient, space, property, value);
      // A schedule is said in words ("Every Monday 07:00–08:00, …"), not as its JSON.
      const shown =
        (propertyKindOf(property.type) === 'schedule' && scheduleWords(value)) || formatValue(value);
      toast.success(`${property.name} set to ${shown}`);
      return true;
    } catch (err) {
      toast.error(networkErrorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}

/** A small form: the controls, a Send button named after the variable, and what is wrong with the input. */
function SendForm({
  name,
  busy,
  read,
  send,
  children,
}: {
  name: string;
  busy: boolean;
  read: () => ParsedInput;
  send: (value: unknown) => Promise<boolean>;
  children: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = read();
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    await send(parsed.value);
  };
  return (
    <form className="publish-form" onSubmit={(event) => void submit(event)} noValidate>
      {children}
      <button
        type="submit"
        className="button button-small"
        disabled={busy}
        aria-busy={busy}
        aria-label={`Send ${name}`}
      >
        Send
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

/** An on/off switch that sends the opposite of the current value at once. */
function Toggle({ space, property }: { space: string; property: Property }) {
  const { send, busy } = usePublish(space, property);
  const on = property.last_value === true;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={property.name}
      className="value-switch"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void send(!on)}
    >
      <span className="value-switch-knob" aria-hidden="true" />
    </button>
  );
}

/** Typed values: numbers, strings and, as JSON, composites without a dedicated control. */
function TextSend({ space, property }: { space: string; property: Property }) {
  const { send, busy } = usePublish(space, property);
  const kind = valueKindOf(property.type);
  const [text, setText] = useState('');
  return (
    <SendForm
      name={property.name}
      busy={busy}
      read={() => parseValueInput(kind, text)}
      send={async (value) => {
        const sent = await send(value);
        if (sent) setText('');
        return sent;
      }}
    >
      <input
        aria-label={`New value for ${property.name}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        placeholder={kind === 'object' ? '{"…": …}' : kind === 'number' ? '0' : ''}
        autoComplete="off"
      />
    </SendForm>
  );
}

function ColorSend({ space, property }: { space: string; property: Property }) {
  const { send, busy } = usePublish(space, property);
  const kind = propertyKindOf(property.type) as 'color' | 'color-rgb' | 'colored-light';
  const [hex, setHex] = useState(() => colorHex(property.last_value));
  const [on, setOn] = useState(field(property.last_value, 'swi') !== false);
  return (
    <SendForm
      name={property.name}
      busy={busy}
      read={() => ({ ok: true, value: colorInput(kind, hex, on) })}
      send={send}
    >
      {kind === 'colored-light' && (
        <label className="inline-check">
          <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} /> On
        </label>
      )}
      <input
        type="color"
        aria-label={`New colour for ${property.name}`}
        value={hex}
        onChange={(event) => setHex(event.target.value)}
      />
    </SendForm>
  );
}

function DimmedLightSend({ space, property }: { space: string; property: Property }) {
  const { send, busy } = usePublish(space, property);
  const [on, setOn] = useState(field(property.last_value, 'swi') !== false);
  const [bri, setBri] = useState(numberText(field(property.last_value, 'bri')) || '100');
  return (
    <SendForm name={property.name} busy={busy} read={() => dimmedLightInput(on, bri)} send={send}>
      <label className="inline-check">
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} /> On
      </label>
      <input
        aria-label={`Brightness for ${property.name}`}
        inputMode="decimal"
        value={bri}
        onChange={(event) => setBri(event.target.value)}
        className="input-short"
      />
    </SendForm>
  );
}

function LocationSend({ space, property }: { space: string; property: Property }) {
  const { send, busy } = usePublish(space, property);
  const [lat, setLat] = useState(numberText(field(property.last_value, 'lat')));
  const [lon, setLon] = useState(numberText(field(property.last_value, 'lon')));
  return (
    <SendForm name={property.name} busy={busy} read={() => locationInput(lat, lon)} send={send}>
      <input
        aria-label={`Latitude for ${property.name}`}
        inputMode="decimal"
        placeholder="Latitude"
        value={lat}
        onChange={(event) => setLat(event.target.value)}
        className="input-short"
      />
      <input
        aria-label={`Longitude for ${property.name}`}
        inputMode="decimal"
        placeholder="Longitude"
        value={lon}
        onChange={(event) => setLon(event.target.value)}
        className="input-short"
      />
    </SendForm>
  );
}

function ScheduleSend({ space, property }: { space: string; property: Property }) {
  const { send, busy } = usePublish(space, property);
  const [start, setStart] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [repeat, setRepeat] = useState<ScheduleRepeat>('daily');
  return (
    <SendForm name={property.name} busy={busy} read={() => scheduleInput(start, minutes, repeat)} send={send}>
      <input
        type="datetime-local"
        aria-label={`Start of ${property.name}`}
        value={start}
        onChange={(event) => setStart(event.target.value)}
      />
      <input
        aria-label={`Minutes of ${property.name}`}
        inputMode="numeric"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        className="input-short"
      />
      <select
        aria-label={`Repeat ${property.name}`}
        value={repeat}
        onChange={(event) => setRepeat(event.target.value as ScheduleRepeat)}
      >
        <option value="once">Once</option>
        <option value="daily">Every day</option>
        <option value="weekly">Every week</option>
      </select>
    </SendForm>
  );
}

/**
 * The write control of a writable variable, by the kind of its type: a switch for booleans, a colour picker
 * for colours and coloured lights, coordinates for places, start/length/repeat for schedules, and a text
 * input for numbers, strings and other composites (as JSON).
 */
export function PublishValueForm({ space, property }: { space: string; property: Property }) {
  switch (propertyKindOf(property.type)) {
    case 'boolean':
      return <Toggle space={space} property={property} />;
    case 'color':
    case 'color-rgb':
    case 'colored-light':
      return <ColorSend space={space} property={property} />;
    case 'dimmed-light':
      return <DimmedLightSend space={space} property={property} />;
    case 'location':
      return <LocationSend space={space} property={property} />;
    case 'schedule':
      return <ScheduleSend space={space} property={property} />;
    default:
      return <TextSend space={space} property={property} />;
  }
}
