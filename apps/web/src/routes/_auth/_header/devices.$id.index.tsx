import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_GRAPH_RANGE } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { EmptyState } from '@/components/Page.tsx';
import { DeviceInfo } from '@/features/devices/components/DeviceInfo.tsx';
import { RefusedValues } from '@/features/devices/components/RefusedValues.tsx';
import { StatusHistory } from '@/features/devices/components/StatusHistory.tsx';
import { DeviceManage } from '@/features/devices/manage/DeviceManage.tsx';
import { deviceQueryOptions } from '@/features/iot/api/detail-queries.ts';
import { ExportCsvButton } from '@/features/iot/components/ExportCsvButton.tsx';
import { GraphRangeLinks } from '@/features/iot/components/GraphRangeLinks.tsx';
import { VariableCharts } from '@/features/iot/components/VariableCharts.tsx';
import { LIVE_POLL_MS, useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { VariablesTable } from '@/features/things/components/VariablesTable.tsx';

export const Route = createFileRoute('/_auth/_header/devices/$id/')({
  component: DeviceOverview,
});

/** Device facts, connection history, the bound thing's variables and their history for the chosen range. */
function DeviceOverview() {
  const { id } = Route.useParams();
  const { graph = DEFAULT_GRAPH_RANGE } = Route.useSearch();
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const streaming = useLiveUpdates();
  // Live promises fresh values: without the stream they are read again on a timer.
  const pollMs = graph === 'LIVE' && !streaming ? LIVE_POLL_MS : false;
  const device = useQuery({ ...deviceQueryOptions(api, config, selected.id, id), refetchInterval: pollMs });
  if (!device.data) return null;
  const thing = device.data.thing;
  return (
    <>
      {spaceAllows(selected, 'iot.write') && <DeviceManage device={device.data} />}
      <div className="device-overview">
        <DeviceInfo device={device.data} />
        <StatusHistory space={selected.id} deviceId={id} />
      </div>
      <section className="device-section" aria-labelledby="variables-title">
        <h2 id="variables-title">Variables</h2>
        {thing ? (
          <VariablesTable
            space={selected.id}
            thingId={thing.id}
            canWrite={spaceAllows(selected, 'iot.write')}
            pollMs={pollMs}
          />
        ) : (
          <EmptyState
            title="No thing is bound to this device"
            hint="Open a thing and choose this device to see its variables here."
          />
        )}
      </section>
      <RefusedValues
        space={selected.id}
        source={{ kind: 'device', id }}
        canClear={spaceAllows(selected, 'iot.write')}
      />
      <section className="device-section" aria-labelledby="history-title">
        <div className="section-header">
          <h2 id="history-title">History</h2>
          <GraphRangeLinks to="/devices/$id/" id={id} current={graph} />
          {thing && <ExportCsvButton space={selected.id} thingId={thing.id} />}
        </div>
        {thing ? (
          <VariableCharts
            space={selected.id}
            thingId={thing.id}
            range={graph}
            streaming={streaming}
            pollMs={LIVE_POLL_MS}
          />
        ) : (
          <EmptyState
            title="No data to show yet"
            hint="Charts appear once a thing is bound to this device."
          />
        )}
      </section>
    </>
  );
}
