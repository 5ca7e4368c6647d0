import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { FormField } from '@/components/FormField.tsx';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { timezonesQueryOptions } from '../api/thing-writes.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import { offsetLabel } from './CreateThingDialog.tsx';

/**
 * The thing's time zone, chosen by typing part of its IANA name (the zones the server knows, with their offset
 * now). A connected device is told its new offset by the server's next offset scan.
 */
export function ThingTimezone({ thing }: { thing: Thing }) {
  const ctx = useIotContext();
  const zones = useQuery(timezonesQueryOptions(ctx));
  const current = thing.timezone ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const save = useApiMutation<void, string>({
    mutationFn: async (timezone) => {
      await ctx.api(iotUrl(ctx.config, `/iot/v2/things/${enc(thing.id)}`), {
        method: 'POST',
        body: { timezone },
        organization: ctx.space,
      });
    },
    invalidates: [iotKeys.thing(ctx.space, thing.id), iotKeys.things(ctx.space)],
    successMessage: (_, timezone) => `Time zone set to ${timezone}`,
  });
  const names = zones.data?.map((z) => z.name) ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const zone = value.trim();
    // The list's own spelling, whatever the case typed.
    const known = names.find((n) => n.toLowerCase() === zone.toLowerCase());
    setError(known ? null : 'Choose a time zone from the list, such as Europe/Rome.');
    if (!known || save.isPending) return;
    setValue(known);
    await save.mutateAsync(known).catch(() => undefined);
  };
  return (
    <form className="form form-inline" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Time zone"
        hint="Type to search. Schedules and the device's local time use it."
        error={error ?? (zones.isError ? 'Time zones could not be loaded.' : null)}
      >
        {(control) => (
          <input
            {...control}
            list={listId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onFocus={(event) => event.target.select()}
            disabled={zones.isPending}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        )}
      </FormField>
      <datalist id={listId}>
        {zones.data?.map((z) => (
          <option key={z.name} value={z.name}>
            {offsetLabel(z.offset)}
          </option>
        ))}
      </datalist>
      <Button type="submit" loading={save.isPending} disabled={value.trim() === current || zones.isPending}>
        Set time zone
      </Button>
    </form>
  );
}
