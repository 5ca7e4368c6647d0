import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isUuid } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Page } from '@/components/Page.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { templateQueryOptions } from '@/features/templates/api/template.ts';
import { loadOrNotFound } from '@/lib/load-or-not-found.ts';
import { requireAccess } from '@/lib/route-guards.ts';

/** A custom template: its id must be a UUID, anything else is not found (spec section 5). */
export const Route = createFileRoute('/_auth/_header/templates/$id')({
  staticData: { title: 'Template' },
  beforeLoad: requireAccess('templates'),
  loader: ({ context, params }) => {
    if (!isUuid(params.id)) throw notFound();
    return loadOrNotFound('Template', () =>
      context.queryClient.ensureQueryData(
        templateQueryOptions(context.api, context.config, params.id, context.spaces.selected().id),
      ),
    );
  },
  // Handled by this route, so the page shows inside the header layout with the menu still at hand.
  notFoundComponent: NotFound,
  component: TemplateLayout,
});

function TemplateLayout() {
  const { id } = Route.useParams();
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const { data: template } = useSuspenseQuery(templateQueryOptions(api, config, id, selected.id));
  return (
    <Page title={template.title}>
      <Outlet />
    </Page>
  );
}
