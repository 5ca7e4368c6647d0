import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/devices')({
  staticData: { title: 'Devices' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('devices'),
  component: DevicesPage,
});

function DevicesPage() {
  return (
    <Page title="Devices">
      <EmptyState title="No devices yet" hint="Devices you add will be listed here." />
    </Page>
  );
}
