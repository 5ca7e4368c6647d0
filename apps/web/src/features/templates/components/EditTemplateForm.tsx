import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CustomTemplate } from '@tinkercloud/shared/iot';
import { type FormEvent, useState } from 'react';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage } from '@/lib/toast.tsx';
import { useDraft } from '@/lib/use-draft.ts';
import { type TemplatesCtx, templateKeys, updateCustomTemplate } from '../api/templates.ts';
import { descriptionProblem, templateNameProblem } from '../model/template-form.ts';
import { TemplateImagesField } from './TemplateImagesField.tsx';
import { TemplateTextFields } from './TemplateTextFields.tsx';

/** Changes a custom template's name, description and pictures, then goes back to it. */
export function EditTemplateForm({ ctx, template }: { ctx: TemplatesCtx; template: CustomTemplate }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameDraft = useDraft(template.name);
  const descriptionDraft = useDraft(template.description);
  const name = nameDraft.value;
  const description = descriptionDraft.value;
  const [errors, setErrors] = useState<{ name?: string | null; description?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [images, setImages] = useState(template.image_links);
  const imagesChanged = images.join('\n') !== template.image_links.join('\n');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = { name: templateNameProblem(name), description: descriptionProblem(description) };
    setErrors(found);
    if (found.name || found.description) return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await updateCustomTemplate(ctx, template.template_id, {
        name: name.trim(),
        description,
        // Sent only when changed, so a rename never overwrites pictures changed meanwhile.
        ...(imagesChanged ? { image_links: images } : {}),
      });
      queryClient.setQueryData(templateKeys.one(ctx.space, saved.template_id), saved);
      await readAgain(queryClient, templateKeys.custom(ctx.space), { exact: true });
      await navigate({ to: '/templates/$id/', params: { id: saved.template_id } });
    } catch (err) {
      setFailure(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Edit template">
      <TemplateTextFields
        name={name}
        description={description}
        onName={nameDraft.set}
        onDescription={descriptionDraft.set}
        errors={errors}
        descriptionLabel="Description"
        descriptionRows={4}
      />
      <TemplateImagesField name={template.name} images={images} onChange={setImages} />
      {(nameDraft.changedMeanwhile || descriptionDraft.changedMeanwhile) && (
        <p className="field-hint" role="status">
          This template was changed meanwhile (now “{template.name}”): saving replaces that change with yours.
        </p>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="modal-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Save
        </button>
      </div>
    </form>
  );
}
