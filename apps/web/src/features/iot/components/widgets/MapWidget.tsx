import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useServices } from '@/app/services.tsx';
import { firstReadFailed, reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { messagesQueryOptions } from '@/features/iot/api/messages.ts';
import { LIVE_POLL_MS } from '@/features/iot/live/use-live-updates.ts';
import { type LatLon, readLocation, routeOf } from '@/features/iot/model/widgets/location.ts';
import type { MapTiles } from './LeafletMap.tsx';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

// Leaflet is loaded only when a dashboard shows a map.
const LeafletMap = lazy(() => import('./LeafletMap.tsx'));

const OSM: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

const placeText = (p: LatLon) => `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}`;

function useTiles(): MapTiles {
  return useServices().config.mapTiles ?? OSM;
}

/** The linked location on a map, with its coordinates in words below it. */
export function MapWidget({ widget, variables, currentOf }: WidgetProps) {
  const tiles = useTiles();
  const variable = variables[0];
  const place = variable ? readLocation(currentOf(variable).value) : null;
  // A new array only when the place moves, so the map does not redraw on every render.
  const lat = place?.lat;
  const lon = place?.lon;
  const markers = useMemo(() => (lat === undefined || lon === undefined ? [] : [{ lat, lon }]), [lat, lon]);
  if (!variable) return <NoVariable />;
  const label = widget.name || variable.name;
  return (
    <div className="widget-map-box">
      <Suspense fallback={<p className="muted">Loading map…</p>}>
        <LeafletMap markers={markers} route={[]} tiles={tiles} label={`Map of ${label}`} />
      </Suspense>
      <p className="widget-map-place" data-testid="widget-value">
        {place ? placeText(place) : 'No location yet'}
      </p>
    </div>
  );
}

/** The linked location's route: its latest stored places joined by a line, the newest marked; live updates extend it. */
export function AdvancedMapWidget({ widget, variables, space, streaming }: WidgetProps) {
  const { api, config } = useServices();
  const tiles = useTiles();
  const variable = variables[0];
  const history = useQuery({
    ...messagesQueryOptions(api, config, space, variable ?? { id: '', thing_id: '' }),
    enabled: variable !== undefined,
    refetchInterval: streaming ? false : LIVE_POLL_MS,
  });
  const route = useMemo(() => routeOf(history.data ?? []), [history.data]);
  const last = route[route.length - 1];
  const markers = useMemo(() => (last ? [last] : []), [last]);
  if (!variable) return <NoVariable />;
  if (history.isPending) return <p className="muted">Loading…</p>;
  if (firstReadFailed(history)) return <p className="muted">History could not be loaded</p>;
  const label = widget.name || variable.name;
  return (
    <div className="widget-map-box">
      {reReadFailed(history) && <StaleNotice error={history.error} />}
      <Suspense fallback={<p className="muted">Loading map…</p>}>
        <LeafletMap markers={markers} route={route} tiles={tiles} label={`Route of ${label}`} />
      </Suspense>
      <p className="widget-map-place" data-testid="widget-value">
        {last ? `${route.length} places, latest ${placeText(last)}` : 'No location yet'}
      </p>
    </div>
  );
}
