import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isUuid } from '@tinkercloud/shared';
import { NotFound } from '../../../components/NotFound.tsx';
import { Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

/** A custom template: its id must be a UUID, anything else is not found (spec section 5). */
export const Route = createFileRoute('/_auth/_header/templates/$id')({
  staticData: { title: 'Template' },
  beforeLoad: requireAccess('templates'),
  loader: ({ params }) => {
    if (!isUuid(params.id)) throw notFound();
  },
  // Handled by this route, so the page shows inside the header layout with the menu still at hand.
  notFoundComponent: NotFound,
  component: () => (
    <Page title="Template">
      <Outlet />
    </Page>
  ),
});
