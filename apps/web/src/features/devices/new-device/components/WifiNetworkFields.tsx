import type { WifiNetwork } from '@tinkercloud/device-protocol/board-config';
import { WIFI_PASSWORD_MAX } from '@tinkercloud/device-protocol/board-config';
import { Field } from '../../../../components/Field.tsx';

/** The choice of a network typed in (hidden, or out of range during the scan); scanned ones are `net:{ssid}`. */
export const OTHER_NETWORK = 'other';

export interface WifiChoice {
  /** `net:{ssid}` of a scanned network, OTHER_NETWORK, or '' for the strongest one. */
  choice: string;
  typed: string;
  password: string;
}

export const NO_WIFI_CHOICE: WifiChoice = { choice: '', typed: '', password: '' };

/** The network name the board gets: the one selected, else the one typed, else the strongest scanned. */
export function chosenSsid(wifi: WifiChoice, networks: WifiNetwork[]): string {
  if (wifi.choice === OTHER_NETWORK || networks.length === 0) return wifi.typed.trim();
  return wifi.choice ? wifi.choice.slice('net:'.length) : (networks[0]?.ssid ?? '');
}

/** The board's Wi-Fi: the networks it found (strongest first) or a name typed in, and the password. */
export function WifiNetworkFields({
  networks,
  value,
  onChange,
  onRescan,
  disabled,
  error,
}: {
  networks: WifiNetwork[];
  value: WifiChoice;
  onChange: (next: WifiChoice) => void;
  onRescan: () => void;
  disabled: boolean;
  error: string | null;
}) {
  const typing = value.choice === OTHER_NETWORK || networks.length === 0;
  return (
    <fieldset className="wifi-fields" disabled={disabled}>
      <legend>Wi-Fi network of the board</legend>
      {networks.length > 0 && (
        <Field label="Network">
          {(control) => (
            <select
              {...control}
              value={value.choice || `net:${networks[0]?.ssid}`}
              onChange={(event) => onChange({ ...value, choice: event.target.value })}
            >
              {networks.map((n) => (
                <option key={n.ssid} value={`net:${n.ssid}`}>
                  {n.ssid} ({n.rssi} dBm)
                </option>
              ))}
              <option value={OTHER_NETWORK}>Another network…</option>
            </select>
          )}
        </Field>
      )}
      {typing && (
        <Field label="Network name">
          {(control) => (
            <input
              {...control}
              value={value.typed}
              onChange={(event) => onChange({ ...value, typed: event.target.value })}
              maxLength={32}
              autoComplete="off"
            />
          )}
        </Field>
      )}
      <Field label="Wi-Fi password">
        {(control) => (
          <input
            {...control}
            type="password"
            value={value.password}
            onChange={(event) => onChange({ ...value, password: event.target.value })}
            maxLength={WIFI_PASSWORD_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p>
        <button type="button" className="button button-subtle" onClick={onRescan}>
          Scan again
        </button>
      </p>
    </fieldset>
  );
}
