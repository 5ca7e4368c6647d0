import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/triggers')({
  staticData: { title: 'Triggers' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('triggers'),
  component: TriggersPage,
});

function TriggersPage() {
  return (
    <Page title="Triggers">
      <EmptyState title="No triggers yet" hint="Triggers you create will be listed here." />
    </Page>
  );
}
