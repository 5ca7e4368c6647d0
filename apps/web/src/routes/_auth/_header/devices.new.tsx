import { createFileRoute } from '@tanstack/react-router';
import { newDeviceSearchSchema } from '@tinkercloud/shared';
import { NewDevicePage } from '../../../features/devices/new-device/components/NewDevicePage.tsx';
import { getAppConfig } from '../../../lib/app-config.ts';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_header/devices/new')({
  staticData: { title: 'New device' },
  // Board types are named after the product slug, which only the runtime configuration knows.
  validateSearch: (search: Record<string, unknown>) =>
    newDeviceSearchSchema(getAppConfig().productSlug).parse(search),
  beforeLoad: requireAccess('devices'),
  component: NewDeviceRoute,
});

function NewDeviceRoute() {
  return <NewDevicePage search={Route.useSearch()} />;
}
