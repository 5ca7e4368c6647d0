import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { deviceDetailSearchSchema } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Page } from '@/components/Page.tsx';
import { deviceQueryOptions } from '@/features/iot/api/detail-queries.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { loadOrNotFound } from '@/lib/load-or-not-found.ts';
import { requireAccess } from '@/lib/route-guards.ts';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** A device with its overview, network configuration and firmware update pages. */
export const Route = createFileRoute('/_auth/_header/devices/$id')({
  staticData: { title: 'Device' },
  validateSearch: deviceDetailSearchSchema,
  beforeLoad: requireAccess('devices'),
  loader: ({ context, params }) =>
    loadOrNotFound('Device', () =>
      context.queryClient.ensureQueryData(
        deviceQueryOptions(context.api, context.config, context.spaces.selected().id, params.id),
      ),
    ),
  // Shown inside the header layout, so the menu stays at hand.
  notFoundComponent: NotFound,
  component: DeviceLayout,
});

function DeviceLayout() {
  const { id } = Route.useParams();
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const { data: device } = useSuspenseQuery(deviceQueryOptions(api, config, selected.id, id));
  return (
    <Page title={device.name}>
      <HeaderPortal>
        <Link to="/devices/" className="button button-subtle">
          All devices
        </Link>
      </HeaderPortal>
      <nav className="tabs" aria-label="Device pages">
        <Link to="/devices/$id/" params={{ id }} className="tab" activeOptions={{ exact: true }}>
          Overview
        </Link>
        <Link to="/devices/$id/networkconfig/" params={{ id }} className="tab">
          Network
        </Link>
        <Link to="/devices/$id/fwupdate/" params={{ id }} className="tab">
          Firmware
        </Link>
      </nav>
      <Outlet />
    </Page>
  );
}
