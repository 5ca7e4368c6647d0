import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { THING_NAME_MAX_LENGTH } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { useDraft } from '@/lib/use-draft.ts';
import { deleteThing, updateThing } from '../api/thing-writes.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import { thingNameProblem } from './CreateThingDialog.tsx';

/** An http(s) address, or empty (no webhook): the rule the server checks. */
export function webhookProblem(url: string): string | null {
  if (url === '') return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return null;
  } catch {
    // Reported below.
  }
  return 'Enter an address starting with https:// or http://, or leave it empty.';
}

/** One text setting of the thing with its own Save button, checked before it is sent. */
export function SettingForm({
  label,
  hint,
  initial,
  check,
  save,
  type = 'text',
  maxLength,
  action,
}: {
  label: string;
  hint?: string;
  initial: string;
  check: (value: string) => string | null;
  save: (value: string) => Promise<unknown>;
  type?: 'text' | 'url';
  maxLength?: number;
  /** The button's text; not "Save", which names the device picker's button on the same page. */
  action: string;
}) {
  const draft = useDraft(initial);
  const value = draft.value;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(value.trim());
    setError(problem);
    if (problem || busy) return;
    setBusy(true);
    try {
      await save(value.trim());
      draft.accept(value.trim());
    } catch {
      // useApiMutation has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form form-inline" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={label}
        hint={draft.changedMeanwhile ? `Changed meanwhile to “${initial}”: saving replaces it.` : hint}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type={type}
            value={value}
            onChange={(event) => draft.set(event.target.value)}
            maxLength={maxLength}
            autoComplete="off"
          />
        )}
      </FormField>
      <Button type="submit" loading={busy} disabled={value.trim() === initial}>
        {action}
      </Button>
    </form>
  );
}

/** Rename the thing; the server keeps the other fields (its webhook: ThingWebhook.tsx). */
export function ThingSettings({ thing }: { thing: Thing }) {
  const ctx = useIotContext();
  const update = useApiMutation<void, { name?: string }>({
    mutationFn: (body) => updateThing(ctx, thing.id, body),
    invalidates: [iotKeys.thing(ctx.space, thing.id), iotKeys.things(ctx.space)],
    successMessage: (_, body) => `Thing renamed to ${body.name}`,
  });
  return (
    <div className="thing-settings">
      <SettingForm
        label="Thing name"
        initial={thing.name}
        check={thingNameProblem}
        maxLength={THING_NAME_MAX_LENGTH}
        action="Rename"
        save={(name) => update.mutateAsync({ name })}
      />
    </div>
  );
}

/** Deletes the thing (soft: the server keeps it as deleted) after a confirmation; its device is unbound. */
export function DeleteThingButton({ thing }: { thing: Thing }) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useApiMutation<void, void, Thing[]>({
    mutationFn: () => deleteThing(ctx, thing.id),
    optimistic: {
      queryKey: iotKeys.things(ctx.space),
      update: (list) => list?.filter((t) => t.id !== thing.id),
    },
    invalidates: [iotKeys.devices(ctx.space)],
    successMessage: `${thing.name} was deleted`,
    onSuccess: () => queryClient.removeQueries({ queryKey: iotKeys.thing(ctx.space, thing.id) }),
  });
  // The list opens first and the thing is deleted from there: were this page still open, the deletion's live
  // event would read the thing, its variables and tags again and get 404s. If the server refuses, the thing
  // comes back in the list with the error toast.
  const confirm = async () => {
    await navigate({ to: '/things/' });
    remove.mutate();
  };
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete thing
      </Button>
      {confirming && (
        <Dialog label="Delete thing" onClose={() => setConfirming(false)}>
          <p>
            Delete <strong>{thing.name}</strong>? It leaves your things with its variables
            {thing.device_id ? ', and its device is unbound' : ''}.
          </p>
          <div className="modal-actions">
            <Button variant="subtle" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm}>
              Delete thing
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
