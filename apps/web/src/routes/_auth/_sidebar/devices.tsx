import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { CreateDeviceDialog } from '@/features/devices/components/CreateDeviceDialog.tsx';
import { DevicesTable } from '@/features/devices/components/DevicesTable.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/devices')({
  staticData: { title: 'Devices' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('devices'),
  component: DevicesPage,
});

function DevicesPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  useLiveUpdates();
  const devices = useQuery(devicesQueryOptions(api, config, selected.id));
  const [adding, setAdding] = useState(false);
  const canWrite = spaceAllows(selected, 'iot.write');
  return (
    <Page title="Devices">
      {canWrite && (
        <div className="page-actions">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Add device
          </button>
          <Link to="/devices/new/" search={{ type: 'any' }} className="button button-subtle">
            Set up a board
          </Link>
        </div>
      )}
      <AsyncState
        query={devices}
        errorTitle="Devices could not be loaded"
        empty={{
          title: 'No devices yet',
          hint: 'Add a device, then start it (or the simulator) with its device ID and secret key.',
        }}
      >
        {(data) => <DevicesTable devices={data} canDelete={spaceAllows(selected, 'iot.delete')} />}
      </AsyncState>
      {adding && <CreateDeviceDialog onClose={() => setAdding(false)} />}
    </Page>
  );
}
