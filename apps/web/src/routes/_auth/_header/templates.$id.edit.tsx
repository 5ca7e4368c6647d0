import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState, Page } from '@/components/Page.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { customTemplateQueryOptions } from '@/features/templates/api/templates.ts';
import { useTemplatesCtx } from '@/features/templates/api/use-templates-ctx.ts';
import { EditTemplateForm } from '@/features/templates/components/EditTemplateForm.tsx';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** Renames a custom template and changes its description. */
export const Route = createFileRoute('/_auth/_header/templates/$id/edit')({
  staticData: { title: 'Edit template' },
  component: EditTemplatePage,
});

function EditTemplatePage() {
  const { id } = Route.useParams();
  const ctx = useTemplatesCtx();
  const { selected } = useSpaces();
  const { data: template } = useSuspenseQuery(customTemplateQueryOptions(ctx, id));
  return (
    <Page title={`Edit ${template.name}`}>
      <HeaderPortal>
        <Link to="/templates/$id/" params={{ id }} className="button button-subtle">
          Back to template
        </Link>
      </HeaderPortal>
      {spaceAllows(selected, 'iot.write') ? (
        <EditTemplateForm key={template.template_id} ctx={ctx} template={template} />
      ) : (
        <EmptyState title="Your role cannot change templates here" />
      )}
    </Page>
  );
}
