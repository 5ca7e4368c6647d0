import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHOOL_TYPES, spaceNameSchema } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { countriesQueryOptions, createSpace, SPACES_KEY } from '@/features/spaces/api/spaces.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import type { CreateKind } from '../model/flows.ts';

export const SPACE_CREATED = 'Space created';

/** Creates a school (edu) or team (pro) space and selects it. Minors never see this form. */
export function CreateSpaceForm({
  initialKind,
  onCreated,
  onCancel,
}: {
  initialKind: CreateKind;
  onCreated: (id: string, kind: CreateKind) => void;
  onCancel: () => void;
}) {
  const { api, config, spaces } = useServices();
  const queryClient = useQueryClient();
  const countries = useQuery(countriesQueryOptions(api, config));
  const [kind, setKind] = useState<CreateKind>(initialKind);
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [country, setCountry] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = spaceNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Name is required');
      return;
    }
    setBusy(true);
    try {
      const created = await createSpace(api, config, {
        name: parsed.data,
        space: kind,
        type: type || undefined,
        country: country || undefined,
      });
      await readAgain(queryClient, SPACES_KEY);
      spaces.select(created.id);
      toast.success(SPACE_CREATED);
      onCreated(created.id, kind);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" aria-label="Create a space" onSubmit={(event) => void submit(event)}>
      <fieldset className="choice-list">
        <legend className="field-label">Kind of space</legend>
        <label>
          <input type="radio" name="kind" checked={kind === 'edu'} onChange={() => setKind('edu')} /> School
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === 'pro'} onChange={() => setKind('pro')} /> Team
        </label>
      </fieldset>
      <Field label="Name">
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={64}
            aria-invalid={nameError !== null}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
        )}
      </Field>
      {nameError && (
        <p className="field-error" role="alert">
          {nameError}
        </p>
      )}
      {kind === 'edu' && (
        <Field label="School type">
          {(control) => (
            <select {...control} value={type} onChange={(event) => setType(event.target.value)}>
              <option value="">Not set</option>
              {SCHOOL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label="Country">
        {(control) => (
          <select {...control} value={country} onChange={(event) => setCountry(event.target.value)}>
            <option value="">Not set</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="choice-list">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Create space
        </button>
        <button type="button" className="button button-subtle" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
