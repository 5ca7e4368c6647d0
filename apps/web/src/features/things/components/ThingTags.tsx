import { useQuery } from '@tanstack/react-query';
import { isTagPart } from '@tinkercloud/shared';
import type { TagPair } from '@tinkercloud/shared/iot';
import { type FormEvent, useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { FormField } from '@/components/FormField.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { deleteThingTag, putThingTag, thingTagsQueryOptions } from '../api/thing-writes.ts';
import { useIotContext } from '../api/use-iot-context.ts';

const TAG_RULE = 'Use letters, digits and _ . @ - only, at most 64 characters.';

/** The thing's key=value tags: listed, added (a key set again takes the new value) and removed. */
export function ThingTags({ thingId, canWrite }: { thingId: string; canWrite: boolean }) {
  const ctx = useIotContext();
  const key = iotKeys.thingTags(ctx.space, thingId);
  const tags = useQuery(thingTagsQueryOptions(ctx, thingId));
  const put = useApiMutation<void, TagPair, TagPair[]>({
    mutationFn: (tag) => putThingTag(ctx, thingId, tag),
    optimistic: {
      queryKey: key,
      update: (list, tag) => [...(list ?? []).filter((t) => t.key !== tag.key), tag],
    },
    successMessage: (_, tag) => `Tag ${tag.key} set`,
  });
  const remove = useApiMutation<void, string, TagPair[]>({
    mutationFn: (tagKey) => deleteThingTag(ctx, thingId, tagKey),
    optimistic: { queryKey: key, update: (list, tagKey) => list?.filter((t) => t.key !== tagKey) },
    successMessage: (_, tagKey) => `Tag ${tagKey} removed`,
  });
  const [draft, setDraft] = useState({ key: '', value: '' });
  const [errors, setErrors] = useState<{ key?: string; value?: string }>({});

  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = { key: draft.key.trim(), value: draft.value.trim() };
    const next = {
      ...(isTagPart(tag.key) ? {} : { key: TAG_RULE }),
      ...(isTagPart(tag.value) ? {} : { value: TAG_RULE }),
    };
    setErrors(next);
    if (next.key || next.value) return;
    put.mutate(tag);
    setDraft({ key: '', value: '' });
  };

  return (
    <div className="thing-tags">
      <AsyncState
        query={tags}
        errorTitle="Tags could not be loaded"
        empty={{ title: 'No tags', hint: 'Tags (key and value) let you find things by what they are.' }}
      >
        {(list) => (
          <ul className="tag-list" aria-label="Tags">
            {list.map((tag) => (
              <li key={tag.key} className="tag-chip">
                <span>
                  {tag.key}: {tag.value}
                </span>
                {canWrite && (
                  <Button
                    variant="subtle"
                    className="button-small"
                    aria-label={`Remove tag ${tag.key}`}
                    onClick={() => remove.mutateAsync(tag.key).catch(() => undefined)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </AsyncState>
      {canWrite && (
        <form className="form form-inline" onSubmit={add} noValidate>
          <FormField label="Tag key" error={errors.key}>
            {(control) => (
              <input
                {...control}
                value={draft.key}
                onChange={(event) => setDraft({ ...draft, key: event.target.value })}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label="Tag value" error={errors.value}>
            {(control) => (
              <input
                {...control}
                value={draft.value}
                onChange={(event) => setDraft({ ...draft, value: event.target.value })}
                autoComplete="off"
              />
            )}
          </FormField>
          <Button type="submit">Add tag</Button>
        </form>
      )}
    </div>
  );
}
