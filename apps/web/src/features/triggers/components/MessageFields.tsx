import { FormField } from '@/components/FormField.tsx';
import { type PreviewValues, renderPreview } from '../model/message-preview.ts';
import type { MessageDraft } from '../model/trigger-draft.ts';

/**
 * One action of a trigger: a check box turning it on, then its title (the e-mail's subject) and message
 * templates, and the text a recipient would read, rendered live from example values.
 */
export function MessageFields({
  legend,
  titleLabel,
  message,
  onChange,
  values,
  error,
  testId,
}: {
  legend: string;
  titleLabel: string;
  message: MessageDraft;
  onChange: (message: MessageDraft) => void;
  values: PreviewValues;
  error?: string | undefined;
  testId: string;
}) {
  return (
    <fieldset className="trigger-action" data-testid={testId}>
      <legend className="checkbox-field">
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={message.enabled}
            onChange={(event) => onChange({ ...message, enabled: event.target.checked })}
          />
          {legend}
        </label>
      </legend>
      {message.enabled && (
        <>
          <FormField label={titleLabel}>
            {(control) => (
              <input
                {...control}
                value={message.title}
                maxLength={100}
                onChange={(event) => onChange({ ...message, title: event.target.value })}
              />
            )}
          </FormField>
          <FormField label="Message" error={error ?? null}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                value={message.body}
                maxLength={1000}
                onChange={(event) => onChange({ ...message, body: event.target.value })}
              />
            )}
          </FormField>
          <div className="trigger-preview" data-testid={`${testId}-preview`}>
            <p className="field-label">Preview</p>
            <p className="trigger-preview-title">{renderPreview(message.title, values)}</p>
            <p className="trigger-preview-body">{renderPreview(message.body, values)}</p>
          </div>
        </>
      )}
    </fieldset>
  );
}
