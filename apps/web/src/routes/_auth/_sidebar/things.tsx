import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/things')({
  staticData: { title: 'Things' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('things'),
  component: ThingsPage,
});

function ThingsPage() {
  return (
    <Page title="Things">
      <EmptyState title="No things yet" hint="Things you create will be listed here." />
    </Page>
  );
}
