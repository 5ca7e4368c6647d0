import { createFileRoute } from '@tanstack/react-router';
import { newDeviceSearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { getAppConfig } from '../../../lib/app-config.ts';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_header/devices/new')({
  staticData: { title: 'New device' },
  // Board types are named after the product slug, which only the runtime configuration knows.
  validateSearch: (search: Record<string, unknown>) =>
    newDeviceSearchSchema(getAppConfig().productSlug).parse(search),
  beforeLoad: requireAccess('devices'),
  component: NewDevicePage,
});

function NewDevicePage() {
  return (
    <Page title="New device">
      <EmptyState
        title="Device setup is not available yet"
        hint="Adding a device will be possible from here."
      />
    </Page>
  );
}
