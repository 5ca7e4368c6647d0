import { useQuery } from '@tanstack/react-query';
import { CONNECTION_LABELS } from '@tinkercloud/shared/iot';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { downloadText } from '@/components/DownloadButton.tsx';
import { FormField } from '@/components/FormField.tsx';
import { firstReadFailed } from '@/components/StaleNotice.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { networkConnectionsQueryOptions, networkSecretsHeader } from './network-secrets.ts';

/** The connection the device was set up with, when the API names one. */
const connectionOf = (device: Device) =>
  typeof device.connection_type === 'string' ? device.connection_type : undefined;

/**
 * What the device's sketch needs to reach its network (Wi-Fi name and password, APN, LoRa keys…), as the
 * API lists it for the board type: typed in here and saved as `arduino_secrets.h`. The values stay in the
 * browser; the server never sees them.
 */
export function NetworkSecretsCard({ device }: { device: Device }) {
  const { api, config } = useServices();
  const type = device.type ?? '';
  const connections = useQuery({
    ...networkConnectionsQueryOptions(api, config, type),
    enabled: type !== '',
  });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);

  // Only a first read that failed hides the card: a failed re-read keeps the form and what was typed.
  if (!type || firstReadFailed(connections)) return null;
  const offered = connections.data ?? [];
  const current =
    offered.find((c) => c.connection === (chosen ?? connectionOf(device))) ?? offered[0] ?? undefined;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    const lacking = current.entries.filter((e) => e.required && !values[e.secret_name]?.trim());
    setMissing(lacking.map((e) => e.secret_name));
    if (lacking.length > 0) return;
    const entries = current.entries.map((e) => ({
      secret_name: e.secret_name,
      value: values[e.secret_name] ?? '',
    }));
    downloadText('arduino_secrets.h', networkSecretsHeader(device, entries, config.mqtt?.tlsUrl), 'text/x-c');
  };

  return (
    <section className="card" aria-labelledby="secrets-title" data-testid="network-secrets">
      <h2 id="secrets-title">Network settings of the sketch</h2>
      {connections.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : !current ? (
        <p className="muted">This kind of device needs no network settings in its sketch.</p>
      ) : (
        <form className="form" onSubmit={save} noValidate>
          <p className="muted">
            Type them here and save them as <code>arduino_secrets.h</code> beside the sketch. They stay in
            this browser: the server never sees them.
          </p>
          {offered.length > 1 && (
            <FormField label="Connection">
              {(control) => (
                <select
                  {...control}
                  value={current.connection}
                  onChange={(event) => {
                    setChosen(event.target.value);
                    setMissing([]);
                  }}
                >
                  {offered.map((c) => (
                    <option key={c.connection} value={c.connection}>
                      {CONNECTION_LABELS[c.connection] ?? c.connection}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {current.entries.map((entry) => (
            <FormField
              key={`${current.connection}-${entry.secret_name}`}
              label={entry.required ? entry.friendly_name : `${entry.friendly_name} (optional)`}
              hint={<code>{entry.secret_name}</code>}
              error={missing.includes(entry.secret_name) ? `${entry.friendly_name} is required.` : null}
            >
              {(control) => (
                <input
                  {...control}
                  type={entry.sensitive ? 'password' : 'text'}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={entry.max_length}
                  value={values[entry.secret_name] ?? ''}
                  onChange={(event) => setValues({ ...values, [entry.secret_name]: event.target.value })}
                />
              )}
            </FormField>
          ))}
          <div className="page-actions">
            <button type="submit" className="button">
              Save arduino_secrets.h
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
