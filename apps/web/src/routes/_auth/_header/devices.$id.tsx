import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { deviceDetailSearchSchema } from '@tinkercloud/shared';
import { Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';
import { HeaderPortal } from '../../../shell/header-portal.tsx';

/** A device with its overview, network configuration and firmware update pages. */
export const Route = createFileRoute('/_auth/_header/devices/$id')({
  staticData: { title: 'Device' },
  validateSearch: deviceDetailSearchSchema,
  beforeLoad: requireAccess('devices'),
  component: DeviceLayout,
});

function DeviceLayout() {
  const { id } = Route.useParams();
  return (
    <Page title="Device">
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
