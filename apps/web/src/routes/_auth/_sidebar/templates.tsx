import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { CUSTOM_TEMPLATES_TAB, defaultTemplatesTab, templatesSearchSchema } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { useTemplatesCtx } from '@/features/templates/api/use-templates-ctx.ts';
import { BuiltinTemplates } from '@/features/templates/components/BuiltinTemplates.tsx';
import { CustomTemplates } from '@/features/templates/components/CustomTemplates.tsx';
import { getAppConfig } from '@/lib/app-config.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/templates')({
  staticData: { title: 'Templates' },
  // The product's own tab is named after its slug, which only the runtime configuration knows.
  validateSearch: (search: Record<string, unknown>) =>
    templatesSearchSchema(getAppConfig().productSlug).parse(search),
  beforeLoad: (options) => {
    requireAccess('templates')(options);
    if (!options.search.tab) {
      const tab = defaultTemplatesTab(
        options.context.spaces.selected().space,
        options.context.config.productSlug,
      );
      throw redirect({ to: '/templates/', search: { tab }, replace: true });
    }
  },
  component: TemplatesPage,
});

function TemplatesPage() {
  const { config } = useServices();
  const { tab } = Route.useSearch();
  const custom = tab === CUSTOM_TEMPLATES_TAB;
  const ctx = useTemplatesCtx();
  const { selected } = useSpaces();
  const canWrite = spaceAllows(selected, 'iot.write');
  return (
    <Page title="Templates">
      <nav className="tabs" aria-label="Template sources">
        <Link
          to="/templates/"
          search={{ tab: config.productSlug }}
          className="tab"
          aria-current={!custom ? 'page' : undefined}
        >
          {config.productName}
        </Link>
        <Link
          to="/templates/"
          search={{ tab: CUSTOM_TEMPLATES_TAB }}
          className="tab"
          aria-current={custom ? 'page' : undefined}
        >
          Custom
        </Link>
      </nav>
      {custom ? (
        <CustomTemplates
          key={ctx.space}
          ctx={ctx}
          canWrite={canWrite}
          canDelete={spaceAllows(selected, 'iot.delete')}
        />
      ) : (
        <BuiltinTemplates ctx={ctx} canApply={canWrite} />
      )}
    </Page>
  );
}
