import { FormField } from '@/components/FormField.tsx';
import { ImageUploadButton } from '@/features/media/components/ImageUploadButton.tsx';
import { UploadedImages } from '@/features/media/components/UploadedImages.tsx';
import type { LinkedVariable } from '../api/dashboard-schemas.ts';
import type { WidgetKind } from '../model/widget-kinds.ts';

interface WidgetExtraFieldsProps {
  kind: WidgetKind;
  offered: readonly LinkedVariable[];
  /** The first linked variable (the main picker's), left out of the extra ones. */
  first: string;
  more: string[];
  onMore: (ids: string[]) => void;
  step: string;
  onStep: (text: string) => void;
  choices: string;
  onChoices: (text: string) => void;
  url: string;
  onUrl: (text: string) => void;
  error: string | null;
}

/** The widget settings only some kinds have: more variables, a step, preset choices, an image address. */
export function WidgetExtraFields(props: WidgetExtraFieldsProps) {
  const { kind, offered, first, more, onMore, error } = props;
  const extra = offered.filter((v) => v.id !== first);
  const room = kind.maxVariables - 1;
  return (
    <>
      {kind.url && (
        <>
          <FormField
            label="Image address"
            error={error}
            hint="An https:// address of a picture, or upload one to this space."
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="url"
                value={props.url}
                maxLength={2000}
                onChange={(event) => props.onUrl(event.target.value)}
              />
            )}
          </FormField>
          <ImageUploadButton onUploaded={props.onUrl} />
          <UploadedImages onPick={props.onUrl} />
        </>
      )}
      {kind.step && (
        <FormField label="Step" error={error}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              value={props.step}
              onChange={(event) => props.onStep(event.target.value)}
            />
          )}
        </FormField>
      )}
      {kind.choices && (
        <FormField label="Choices" error={error} hint="One a line, as label = value (or just a value).">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={2000}
              value={props.choices}
              onChange={(event) => props.onChoices(event.target.value)}
            />
          )}
        </FormField>
      )}
      {room > 0 && (
        <fieldset className="widget-more-variables">
          <legend>More variables (up to {room})</legend>
          {extra.length === 0 && <p className="muted">No other variable of this space can be charted.</p>}
          {extra.map((v) => {
            const checked = more.includes(v.id);
            return (
              <label key={v.id}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && more.filter((id) => id !== first).length >= room}
                  onChange={(event) =>
                    onMore(event.target.checked ? [...more, v.id] : more.filter((id) => id !== v.id))
                  }
                />{' '}
                {v.thing_name ? `${v.thing_name} · ${v.name}` : v.name}
              </label>
            );
          })}
        </fieldset>
      )}
    </>
  );
}
