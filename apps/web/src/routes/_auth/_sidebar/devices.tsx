import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { deleteDevice, devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { CreateDeviceDialog } from '@/features/devices/components/CreateDeviceDialog.tsx';
import { deviceColumns } from '@/features/devices/components/device-columns.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/devices')({
  staticData: { title: 'Devices' },
  validateSearch: listPageSearchSchema,
  beforeLoad: requireAccess('devices'),
  component: DevicesPage,
});

const idOf = (device: { id: string }) => device.id;
const tagsOf = (device: { tags?: Record<string, string> | undefined }) => device.tags;

function DevicesPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const { view, forcesearch, tag } = Route.useSearch();
  const navigate = Route.useNavigate();
  const tagFilter = {
    tagsOf,
    value: tag,
    onChange: (next: string | undefined) =>
      void navigate({ search: (s) => ({ ...s, tag: next }), replace: true }),
  };
  // Status badges follow the live stream: it writes into the devices query this list reads.
  useLiveUpdates();
  const devices = useQuery(devicesQueryOptions(api, config, selected.id));
  const [adding, setAdding] = useState(false);
  const canWrite = spaceAllows(selected, 'iot.write');
  return (
    <Page title="Devices">
      <GroupList
        kind={LIST_KINDS.devices}
        path="/devices/"
        label="Devices"
        records={devices}
        idOf={idOf}
        columns={deviceColumns}
        rowTestId="device-row"
        view={view}
        tagFilter={tagFilter}
        forceSearch={forcesearch}
        deleteItem={(id) => deleteDevice(api, config, selected.id, id)}
        errorTitle="Devices could not be loaded"
        empty={{
          title: 'No devices yet',
          hint: 'Add a device, then start it (or the simulator) with its device ID and secret key.',
        }}
        actions={
          canWrite && (
            <>
              <button type="button" className="button" onClick={() => setAdding(true)}>
                Add device
              </button>
              <Link to="/devices/new/" search={{ type: 'any' }} className="button button-subtle">
                Set up a board
              </Link>
            </>
          )
        }
      />
      {adding && <CreateDeviceDialog onClose={() => setAdding(false)} />}
    </Page>
  );
}
