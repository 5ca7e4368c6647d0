import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { templateApplySearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '@/components/Page.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { customTemplateQueryOptions } from '@/features/templates/api/templates.ts';
import { useTemplatesCtx } from '@/features/templates/api/use-templates-ctx.ts';
import { ApplyTemplateForm } from '@/features/templates/components/ApplyTemplateForm.tsx';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** Applies a custom template in the selected space; `deviceId` pre-selects the first thing's device. */
export const Route = createFileRoute('/_auth/_header/templates/$id/apply')({
  staticData: { title: 'Apply template' },
  validateSearch: templateApplySearchSchema,
  component: ApplyTemplatePage,
});

function ApplyTemplatePage() {
  const { id } = Route.useParams();
  const { deviceId } = Route.useSearch();
  const ctx = useTemplatesCtx();
  const { selected } = useSpaces();
  const { data: template } = useSuspenseQuery(customTemplateQueryOptions(ctx, id));
  return (
    <Page title={`Apply ${template.name}`}>
      <HeaderPortal>
        <Link to="/templates/$id/" params={{ id }} className="button button-subtle">
          Back to template
        </Link>
      </HeaderPortal>
      {spaceAllows(selected, 'iot.write') ? (
        <ApplyTemplateForm
          ctx={ctx}
          deviceId={deviceId}
          template={{
            kind: 'custom',
            id: template.template_id,
            things: template.thing_templates,
            dashboards: template.dashboard_templates,
          }}
        />
      ) : (
        <EmptyState title="Your role cannot apply templates here" />
      )}
    </Page>
  );
}
