import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isUuid } from '@tinkercloud/shared';
import { Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

/** A custom template: its id must be a UUID, anything else is not found (spec section 5). */
export const Route = createFileRoute('/_auth/_header/templates/$id')({
  staticData: { title: 'Template' },
  beforeLoad: (options) => {
    requireAccess('templates')(options);
    if (!isUuid(options.params.id)) throw notFound();
  },
  component: () => (
    <Page title="Template">
      <Outlet />
    </Page>
  ),
});
