import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isUuid } from '@tinkercloud/shared';
import { NotFound } from '@/components/NotFound.tsx';
import { customTemplateQueryOptions } from '@/features/templates/api/templates.ts';
import { loadOrNotFound } from '@/lib/load-or-not-found.ts';
import { requireAccess } from '@/lib/route-guards.ts';

/**
 * A custom template of the selected space (spec 3: a title and a UUID id). An id that is not a UUID (spec 5)
 * names no template and answers Not Found without asking the server; so does one the space does not hold.
 * Built-in templates are shown and applied from the list page.
 */
export const Route = createFileRoute('/_auth/_header/templates/$id')({
  staticData: { title: 'Template' },
  beforeLoad: requireAccess('templates'),
  loader: ({ context, params }) => {
    if (!isUuid(params.id)) throw notFound();
    const ctx = { api: context.api, config: context.config, space: context.spaces.selected().id };
    return loadOrNotFound('Template', () =>
      context.queryClient.ensureQueryData(customTemplateQueryOptions(ctx, params.id)),
    );
  },
  // Handled by this route, so the page shows inside the header layout with the menu still at hand.
  notFoundComponent: NotFound,
  component: Outlet,
});
