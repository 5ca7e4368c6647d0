import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import type { Property } from '@/features/iot/api/schemas.ts';
import { formatValue, parseValueInput, valueKindOf } from '@/features/iot/model/value-kind.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { notePublishedValue } from '../api/published-value.ts';
import { publishValue } from '../api/things.ts';

/** Sends a new value to a writable variable: stored at once, and delivered to its device when connected. */
export function PublishValueForm({ space, property }: { space: string; property: Property }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const kind = valueKindOf(property.type);
  const [text, setText] = useState(kind === 'boolean' ? 'true' : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `New value for ${property.name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseValueInput(kind, text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await publishValue(api, config, space, property, parsed.value);
      notePublishedValue(queryClient, space, property, parsed.value);
      toast.success(`${property.name} set to ${formatValue(parsed.value)}`);
      if (kind !== 'boolean') setText('');
    } catch (err) {
      toast.error(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="publish-form" onSubmit={(event) => void submit(event)} noValidate>
      {kind === 'boolean' ? (
        <select aria-label={label} value={text} onChange={(event) => setText(event.target.value)}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input
          aria-label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          placeholder={kind === 'object' ? '{"…": …}' : kind === 'number' ? '0' : ''}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
        />
      )}
      <button
        type="submit"
        className="button button-small"
        disabled={busy}
        aria-busy={busy}
        aria-label={`Send ${property.name}`}
      >
        Send
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
