import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { PageLoader } from '@/components/PageLoader.tsx';
import { dashboardsQueryOptions } from '@/features/dashboards/api/dashboards.ts';
import { thingsQueryOptions } from '@/features/things/api/things.ts';
import { triggersQueryOptions } from '@/features/triggers/api/triggers.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage } from '@/lib/toast.tsx';
import { createCustomTemplate, type TemplatesCtx, templateKeys } from '../api/templates.ts';
import { descriptionProblem, selectionProblem, templateNameProblem } from '../model/template-form.ts';
import '../templates.css';
import { TemplateTextFields } from './TemplateTextFields.tsx';

/** A group of checkboxes, one per item of the space. */
function Picks({
  legend,
  items,
  picked,
  onChange,
  error,
}: {
  legend: string;
  items: readonly { id: string; name: string }[];
  picked: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | null;
}) {
  return (
    <fieldset className="template-picks" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {items.length === 0 && <p className="muted">None in this space.</p>}
      {items.map((item) => (
        <label key={item.id} className="checkbox-field">
          <input
            type="checkbox"
            checked={picked.includes(item.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...picked, item.id] : picked.filter((id) => id !== item.id))
            }
          />
          {item.name}
        </label>
      ))}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * Makes a custom template from things, dashboards and triggers of the space: a name, a description and what
 * it holds. The server exports each part as a template (no ids of this space), then opens the new template.
 */
export function CreateTemplateForm({ ctx }: { ctx: TemplatesCtx }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const things = useQuery(thingsQueryOptions(ctx.api, ctx.config, ctx.space));
  const dashboards = useQuery(dashboardsQueryOptions(ctx.api, ctx.config, ctx.space));
  const triggers = useQuery(triggersQueryOptions(ctx.api, ctx.config, ctx.space));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [thingIds, setThingIds] = useState<string[]>([]);
  const [dashboardIds, setDashboardIds] = useState<string[]>([]);
  const [triggerIds, setTriggerIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{
    name?: string | null;
    description?: string | null;
    things?: string | null;
  }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (things.isPending || dashboards.isPending || triggers.isPending) return <PageLoader />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      name: templateNameProblem(name),
      description: descriptionProblem(description),
      things: selectionProblem(thingIds),
    };
    setErrors(found);
    if (found.name || found.description || found.things) return;
    setBusy(true);
    setFailure(null);
    try {
      const made = await createCustomTemplate(ctx, {
        name: name.trim(),
        description,
        thing_ids: thingIds,
        dashboard_ids: dashboardIds,
        trigger_ids: triggerIds,
      });
      await readAgain(queryClient, templateKeys.custom(ctx.space));
      await navigate({ to: '/templates/$id/', params: { id: made.template_id } });
    } catch (err) {
      setFailure(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="New template">
      <TemplateTextFields
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
        errors={errors}
        descriptionLabel="Description (optional)"
        descriptionRows={3}
      />
      <Picks
        legend="Things"
        items={things.data ?? []}
        picked={thingIds}
        onChange={setThingIds}
        error={errors.things}
      />
      <Picks
        legend="Dashboards"
        items={dashboards.data ?? []}
        picked={dashboardIds}
        onChange={setDashboardIds}
      />
      <Picks legend="Triggers" items={triggers.data ?? []} picked={triggerIds} onChange={setTriggerIds} />
      {(failure || things.isError || dashboards.isError || triggers.isError) && (
        <p className="field-error" role="alert">
          {failure ?? 'The things, dashboards or triggers of this space could not be loaded.'}
        </p>
      )}
      <div className="modal-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Create template
        </button>
      </div>
    </form>
  );
}
