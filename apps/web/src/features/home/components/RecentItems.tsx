import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { plural } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { dashboardsQueryOptions } from '@/features/dashboards/api/dashboards.ts';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { DeviceStatusBadge } from '@/features/devices/components/DeviceStatusBadge.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { thingsQueryOptions } from '@/features/things/api/things.ts';
import { sketchesQueryOptions } from '../api/sketches.ts';
import { isEmptySpace } from '../model/recent-items.ts';
import { GetStartedPath } from './GetStartedPath.tsx';
import { RecentList } from './RecentList.tsx';

/**
 * Home's view of the selected space: its recently changed devices (status live from the event stream),
 * things (with their device's status), dashboards and sketches, or the get-started path when it holds none.
 * A lazy chunk: Home is the first signed-in page, and its first paint does not wait for these lists.
 */
export default function RecentItems() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const space = selected.id;
  useLiveUpdates();
  // The list pages read the same caches, so opening one after Home shows it at once.
  const devices = useQuery(devicesQueryOptions(api, config, space));
  const things = useQuery(thingsQueryOptions(api, config, space));
  const dashboards = useQuery(dashboardsQueryOptions(api, config, space));
  const sketches = useQuery(sketchesQueryOptions(api, config, space));

  if ([devices, things, dashboards, sketches].some((q) => q.isPending)) return <PageLoader />;
  const lists = {
    devices: devices.data,
    things: things.data,
    dashboards: dashboards.data,
    sketches: sketches.data,
  };
  if (isEmptySpace(lists)) return <GetStartedPath spaceName={selected.name} />;

  const statusOf = new Map(devices.data?.map((d) => [d.id, d.device_status]));
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">Recently changed</h2>
      <div className="recent-grid">
        <RecentList
          title="Devices"
          query={devices}
          viewAll={<Link to="/devices/">All devices</Link>}
          empty={
            <Link to="/devices/new/" search={{ type: 'any' }}>
              Add a device
            </Link>
          }
          link={(d) => (
            <Link to="/devices/$id/" params={{ id: d.id }}>
              {d.name}
            </Link>
          )}
          status={(d) => <DeviceStatusBadge status={d.device_status} />}
        />
        <RecentList
          title="Things"
          query={things}
          viewAll={<Link to="/things/">All things</Link>}
          empty={<Link to="/things/">Create a thing</Link>}
          link={(t) => (
            <Link to="/things/$id/" params={{ id: t.id }}>
              {t.name}
            </Link>
          )}
          status={(t) =>
            t.device_id ? (
              <DeviceStatusBadge status={statusOf.get(t.device_id)} />
            ) : (
              <span className="muted">No device</span>
            )
          }
        />
        <RecentList
          title="Dashboards"
          query={dashboards}
          viewAll={<Link to="/dashboards/">All dashboards</Link>}
          empty={<Link to="/dashboards/">Build a dashboard</Link>}
          link={(d) => (
            <Link to="/dashboards/$id/" params={{ id: d.id }}>
              {d.name}
            </Link>
          )}
          status={(d) => (
            <span className="muted">{`${d.widgets?.length ?? 0} ${plural('widget', d.widgets?.length ?? 0)}`}</span>
          )}
        />
        <RecentList
          title="Sketches"
          query={sketches}
          viewAll={<Link to="/sketches/">All sketches</Link>}
          empty={<Link to="/sketches/">Write a sketch</Link>}
          link={(s) => (
            <Link to="/sketches/$id/" params={{ id: s.id }}>
              {s.name}
            </Link>
          )}
        />
      </div>
    </section>
  );
}
