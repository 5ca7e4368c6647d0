import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState, Page } from '@/components/Page.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { useTemplatesCtx } from '@/features/templates/api/use-templates-ctx.ts';
import { CreateTemplateForm } from '@/features/templates/components/CreateTemplateForm.tsx';
import { requireAccess } from '@/lib/route-guards.ts';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** A new custom template from things, dashboards and triggers of the selected space. */
export const Route = createFileRoute('/_auth/_header/templates/new')({
  staticData: { title: 'New template' },
  beforeLoad: requireAccess('templates'),
  component: NewTemplatePage,
});

function NewTemplatePage() {
  const ctx = useTemplatesCtx();
  const { selected } = useSpaces();
  return (
    <Page title="New template">
      <HeaderPortal>
        <Link to="/templates/" search={{ tab: 'custom' }} className="button button-subtle">
          All templates
        </Link>
      </HeaderPortal>
      {spaceAllows(selected, 'iot.write') ? (
        <>
          <p className="muted">
            A template keeps the variables, widgets and triggers of what you pick, without their data or
            devices. Apply it later to make new copies.
          </p>
          <CreateTemplateForm key={ctx.space} ctx={ctx} />
        </>
      ) : (
        <EmptyState title="Your role cannot create templates here" />
      )}
    </Page>
  );
}
