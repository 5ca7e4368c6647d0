import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesAllow, SCHOOL_TYPES, type Space } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { changedFields, countriesQueryOptions, SPACES_KEY, updateSpace } from '../api/spaces.ts';

export const SPACE_UPDATED = 'Space information updated';

/** Name, type and country of a space; only what changed is sent, and nothing when nothing did (spec 5). */
export function SpaceSettingsForm({ space }: { space: Space }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const countries = useQuery(countriesQueryOptions(api, config));
  const canEdit = rolesAllow(space.roles, 'space.update');
  const [form, setForm] = useState({ name: space.name, type: space.type, country: space.country });
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      if (await updateSpace(api, config, space.id, changedFields(space, form))) {
        toast.success(SPACE_UPDATED);
        await readAgain(queryClient, SPACES_KEY);
      }
    } catch (error) {
      // Spec 8 words this toast 'Network Error: {detail}' for every failure, a conflict included.
      toast.error(networkErrorMessage(error, true));
    } finally {
      setSaving(false);
    }
  };

  const typeOptions: readonly string[] =
    space.space === 'edu' ? SCHOOL_TYPES : ['Company', 'Agency', 'Research', 'Other'];

  return (
    <form className="form" onSubmit={(event) => void submit(event)} aria-label="Space information">
      <Field label="Name">
        {(control) => (
          <input
            {...control}
            required
            maxLength={64}
            value={form.name}
            disabled={!canEdit}
            onChange={(event) => set('name')(event.target.value)}
          />
        )}
      </Field>
      <Field label={space.space === 'edu' ? 'School type' : 'Type'}>
        {(control) => (
          <select
            {...control}
            value={form.type}
            disabled={!canEdit}
            onChange={(event) => set('type')(event.target.value)}
          >
            <option value="">Not set</option>
            {typeOptions.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
            {form.type && !typeOptions.includes(form.type) && <option value={form.type}>{form.type}</option>}
          </select>
        )}
      </Field>
      <Field label="Country">
        {(control) => (
          <select
            {...control}
            value={form.country}
            disabled={!canEdit}
            onChange={(event) => set('country')(event.target.value)}
          >
            <option value="">Not set</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
            {form.country && !countries.data?.some((c) => c.code === form.country) && (
              <option value={form.country}>{form.country}</option>
            )}
          </select>
        )}
      </Field>
      {canEdit && (
        <button type="submit" className="button" disabled={saving} aria-busy={saving}>
          {saving && <span className="spinner spinner-small" aria-hidden="true" />}
          Save
        </button>
      )}
    </form>
  );
}
