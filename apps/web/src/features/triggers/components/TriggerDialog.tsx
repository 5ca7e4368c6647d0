import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { useCurrentUser } from '@/features/profile/api/use-current-user.ts';
import { thingsWithPropertiesQueryOptions } from '@/features/things/api/things.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { ApiError } from '@/lib/api.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { createTrigger, replaceTrigger } from '../api/trigger-writes.ts';
import { useTriggerRecipients } from '../api/use-trigger-recipients.ts';
import { placeholdersFor, previewValues } from '../model/message-preview.ts';
import {
  DEFAULT_MESSAGES,
  type DraftProblems,
  draftFromTrigger,
  draftProblems,
  draftToBody,
  emptyDraft,
  type MessageDraft,
  type TriggerDraft,
} from '../model/trigger-draft.ts';
import { keptActionsText, keptFor, withoutGoneDevices } from '../model/trigger-kept-parts.ts';
import { MessageFields } from './MessageFields.tsx';
import { TriggerSourceFields } from './TriggerSourceFields.tsx';
import '../triggers.css';

/** A message still reading as the defaults of one kind of trigger follows a change of kind. */
function followDefaults(message: MessageDraft, from: TriggerDraft['source'], to: TriggerDraft['source']) {
  const old = DEFAULT_MESSAGES[from];
  return message.title === old.title && message.body === old.body
    ? { ...message, ...DEFAULT_MESSAGES[to] }
    : message;
}

/** A 412 is the plan's own sentence; other failures read as spec 8's network error. */
const failureText = (err: unknown) =>
  err instanceof ApiError && err.status === 412 ? err.detail : networkErrorMessage(err);

/**
 * Creates a trigger, or edits one (its actions are replaced by the form's): what it watches and when it
 * fires, then an e-mail and/or an in-app notification to the person creating it, with a live preview.
 */
export default function TriggerDialog({ trigger, onClose }: { trigger?: Trigger; onClose: () => void }) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const things = useQuery(thingsWithPropertiesQueryOptions(ctx.api, ctx.config, ctx.space));
  const devices = useQuery(devicesQueryOptions(ctx.api, ctx.config, ctx.space));
  const [draft, setDraft] = useState<TriggerDraft>(() =>
    trigger ? draftFromTrigger(trigger, user.id) : emptyDraft(user.id),
  );
  const [problems, setProblems] = useState<DraftProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const variables = useMemo(() => {
    const map = new Map<string, { type: string; name: string; thing: string }>();
    for (const thing of things.data ?? []) {
      for (const p of thing.properties ?? [])
        map.set(p.id, { type: p.type, name: p.name, thing: thing.name });
    }
    return map;
  }, [things.data]);
  const typeOf = (id: string) => variables.get(id)?.type;
  const isRecipient = useTriggerRecipients(user.id);
  // What is sent: the kept device set without devices deleted since (once the devices are read).
  const sent = useMemo(() => {
    const list = devices.data;
    if (!draft.keptDevices || !list) return draft;
    return {
      ...draft,
      keptDevices: withoutGoneDevices(draft.keptDevices, (id) => list.some((d) => d.id === id)),
    };
  }, [draft, devices.data]);

  const patch = (change: Partial<TriggerDraft>) =>
    setDraft((current) => {
      const next = { ...current, ...change };
      if (change.source && change.source !== current.source) {
        next.email = followDefaults(next.email, current.source, change.source);
        next.push = followDefaults(next.push, current.source, change.source);
      }
      return next;
    });

  const variable = variables.get(draft.propertyId);
  const values = previewValues(
    draft,
    {
      property: variable?.name,
      thing: variable?.thing,
      device: devices.data?.find((d) => d.id === draft.deviceId)?.name,
    },
    { name: user.name, username: user.username, email: user.email },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = draftProblems(sent, typeOf, isRecipient);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const body = draftToBody(sent, typeOf, isRecipient);
      if (trigger) await replaceTrigger(ctx, trigger.id, body);
      else await createTrigger(ctx, body);
      await readAgain(queryClient, iotKeys.triggers(ctx.space));
      toast.success(trigger ? 'Trigger saved' : 'Trigger created');
      onClose();
    } catch (err) {
      setFailure(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const loadFailed = things.isError || devices.isError;
  const kept = keptFor(draft.otherActions ?? [], isRecipient);
  const keptText = keptActionsText({
    others: kept.kept,
    dropped: (draft.droppedActions ?? 0) + kept.dropped,
  });
  return (
    <Dialog label={trigger ? 'Edit trigger' : 'Create trigger'} onClose={onClose} className="modal-wide">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Trigger name" error={problems.name ?? null}>
          {(control) => (
            <input
              {...control}
              value={draft.name}
              maxLength={256}
              autoComplete="off"
              onChange={(event) => patch({ name: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Description (optional)">
          {(control) => (
            <input
              {...control}
              value={draft.description}
              maxLength={1000}
              onChange={(event) => patch({ description: event.target.value })}
            />
          )}
        </FormField>
        <TriggerSourceFields
          draft={sent}
          things={things.data ?? []}
          variablesKnown={things.isSuccess}
          devices={devices.data ?? []}
          typeOf={typeOf}
          patch={patch}
          problems={problems}
        />
        <MessageFields
          legend="Send an e-mail"
          titleLabel="Subject"
          message={draft.email}
          onChange={(email) => patch({ email })}
          values={values}
          error={problems.email}
          testId="trigger-email"
        />
        <MessageFields
          legend="Send an in-app notification"
          titleLabel="Title"
          message={draft.push}
          onChange={(push) => patch({ push })}
          values={values}
          error={problems.push}
          testId="trigger-push"
        />
        {keptText && <p className="field-hint">{keptText}</p>}
        {problems.actions && (
          <p className="field-error" role="alert">
            {problems.actions}
          </p>
        )}
        <details className="trigger-placeholders">
          <summary>Placeholders you can use</summary>
          <dl>
            {placeholdersFor(draft.source).map((p) => (
              <div key={p.name}>
                <dt>
                  <code>{`{{${p.name}}}`}</code>
                </dt>
                <dd>{p.says}</dd>
              </div>
            ))}
          </dl>
        </details>
        {(failure || loadFailed) && (
          <p className="field-error" role="alert">
            {failure ?? 'The variables and devices of the space could not be loaded.'}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            {trigger ? 'Save trigger' : 'Create trigger'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
