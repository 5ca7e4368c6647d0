import { TEMPLATE_NAME_MAX_LENGTH } from '@tinkercloud/shared/iot';
import { FormField } from '@/components/FormField.tsx';

/** A custom template's name and description, as the New and Edit forms both ask for them. */
export function TemplateTextFields(props: {
  name: string;
  description: string;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
  errors: { name?: string | null; description?: string | null };
  descriptionLabel: string;
  descriptionRows: number;
}) {
  return (
    <>
      <FormField label="Template name" error={props.errors.name}>
        {(control) => (
          <input
            {...control}
            value={props.name}
            onChange={(event) => props.onName(event.target.value)}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label={props.descriptionLabel} error={props.errors.description}>
        {(control) => (
          <textarea
            {...control}
            value={props.description}
            rows={props.descriptionRows}
            onChange={(event) => props.onDescription(event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
