import { useQuery } from '@tanstack/react-query';
import { SECRET_NAME_PATTERN, SKETCH_SECRET_VALUE_MAX_LENGTH, type SketchSecrets } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { FormField } from '@/components/FormField.tsx';
import { secretsQueryOptions } from '../api/sketches.ts';
import { useSaveSecrets } from '../api/use-editor-writes.ts';
import { useSketchesApi } from '../api/use-sketches-api.ts';

/**
 * The values of the sketch's `arduino_secrets.h` (Wi-Fi password, keys): the server writes that file from
 * them, so they never appear in the code view. Each is masked until its Show is pressed.
 */
export function SecretsPanel({ sketchId, canWrite }: { sketchId: string; canWrite: boolean }) {
  const s = useSketchesApi();
  const query = useQuery(secretsQueryOptions(s, sketchId));
  return (
    <AsyncState
      query={query}
      errorTitle="Secrets could not be loaded"
      empty={{
        title: 'No secrets',
        hint: 'Name a secret in the code (SECRET_SSID, SECRET_PASS...) and its value is asked for here.',
      }}
      isEmpty={(data: SketchSecrets) => data.secrets.length === 0 && !canWrite}
    >
      {(data) => (
        <SecretsForm key={JSON.stringify(data)} sketchId={sketchId} initial={data} canWrite={canWrite} />
      )}
    </AsyncState>
  );
}

function SecretsForm({
  sketchId,
  initial,
  canWrite,
}: {
  sketchId: string;
  initial: SketchSecrets;
  canWrite: boolean;
}) {
  const [values, setValues] = useState(() => initial.secrets);
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveSecrets(sketchId);

  const set = (name: string, value: string) =>
    setValues((v) => v.map((x) => (x.name === name ? { ...x, value } : x)));
  const toggle = (name: string) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const add = () => {
    const name = newName.trim().toUpperCase();
    if (!SECRET_NAME_PATTERN.test(name)) {
      setNameError('Start with SECRET_ then capital letters, digits or _ (SECRET_API_KEY).');
      return;
    }
    if (values.some((v) => v.name === name)) {
      setNameError(`${name} is already listed.`);
      return;
    }
    setNameError(null);
    setValues((v) => [...v, { name, value: '' }]);
    setNewName('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canWrite) save.mutate({ secrets: values });
  };

  return (
    <form className="form sketch-secrets" onSubmit={submit} noValidate>
      {values.length === 0 && <p className="muted">The code names no secret yet.</p>}
      {values.map((secret) => (
        <FormField key={secret.name} label={secret.name} className="sketch-secret">
          {(control) => (
            <span className="sketch-secret-row">
              <input
                {...control}
                type={shown.has(secret.name) ? 'text' : 'password'}
                value={secret.value}
                onChange={(event) => set(secret.name, event.target.value)}
                maxLength={SKETCH_SECRET_VALUE_MAX_LENGTH}
                autoComplete="off"
                spellCheck={false}
                readOnly={!canWrite}
              />
              <Button
                variant="subtle"
                className="button-small"
                aria-pressed={shown.has(secret.name)}
                aria-label={`${shown.has(secret.name) ? 'Hide' : 'Show'} ${secret.name}`}
                onClick={() => toggle(secret.name)}
              >
                {shown.has(secret.name) ? 'Hide' : 'Show'}
              </Button>
            </span>
          )}
        </FormField>
      ))}
      {canWrite && (
        <>
          <FormField label="Add a secret" error={nameError} hint="A name the code uses: SECRET_API_KEY">
            {(control) => (
              <span className="sketch-secret-row">
                <input
                  {...control}
                  value={newName}
                  onChange={(event) => setNewName(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      add();
                    }
                  }}
                  autoComplete="off"
                  spellCheck={false}
                />
                <Button variant="subtle" className="button-small" onClick={add}>
                  Add
                </Button>
              </span>
            )}
          </FormField>
          <div className="modal-actions">
            <Button type="submit" loading={save.isPending}>
              Save secrets
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
