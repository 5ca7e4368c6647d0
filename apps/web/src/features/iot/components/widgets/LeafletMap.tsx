import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { LatLon } from '@/features/iot/model/widgets/location.ts';

export interface MapTiles {
  url: string | null;
  attribution: string;
}

interface LeafletMapProps {
  /** The places to mark (the current location; for a route, its last point). */
  markers: readonly LatLon[];
  /** Past locations joined by a line, oldest first (the advanced map); empty for none. */
  route: readonly LatLon[];
  tiles: MapTiles;
  label: string;
}

const ZOOM_ON_ONE_PLACE = 14;

/**
 * A Leaflet map (its own lazy chunk) with markers and a route drawn as vectors, so they need no image files
 * and no network. Tiles come from the server's setting; when they cannot be loaded (no network, a refused
 * server) the tile layer is taken off and the map stays on its plain background, saying so once.
 */
export default function LeafletMap({ markers, route, tiles, label }: LeafletMapProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlay = useRef<L.FeatureGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, {
      attributionControl: true,
      zoomControl: true,
      worldCopyJump: true,
    });
    created.setView([0, 0], 1);
    if (tiles.url) {
      const layer = L.tileLayer(tiles.url, {
        attribution: tiles.attribution,
        maxZoom: 19,
        crossOrigin: true,
      });
      layer.once('tileerror', () => {
        created.removeLayer(layer);
        setTilesFailed(true);
      });
      layer.addTo(created);
    }
    overlay.current = L.featureGroup().addTo(created);
    map.current = created;
    // The grid cell may be sized after the map: measure again when it changes.
    const resize = new ResizeObserver(() => created.invalidateSize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      created.remove();
      map.current = null;
      overlay.current = null;
    };
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    const group = overlay.current;
    const shown = map.current;
    if (!group || !shown) return;
    group.clearLayers();
    if (route.length > 1)
      L.polyline(
        route.map((p) => [p.lat, p.lon] as [number, number]),
        { className: 'widget-map-route', weight: 4 },
      ).addTo(group);
    for (const m of markers)
      L.circleMarker([m.lat, m.lon], {
        className: 'widget-map-marker',
        radius: 8,
        weight: 3,
        fillOpacity: 0.9,
      }).addTo(group);
    const places = [...route, ...markers];
    if (places.length === 1 && places[0]) shown.setView([places[0].lat, places[0].lon], ZOOM_ON_ONE_PLACE);
    else if (places.length > 1)
      shown.fitBounds(group.getBounds(), { padding: [16, 16], maxZoom: ZOOM_ON_ONE_PLACE });
  }, [markers, route]);

  return (
    <div className="widget-map">
      {/* A labelled region: Leaflet makes it focusable (arrow keys pan, +/- zoom) and adds zoom buttons. */}
      <section ref={element} className="widget-map-canvas" aria-label={label} data-testid="map" />
      {tilesFailed && <p className="muted widget-map-note">Map tiles could not be loaded</p>}
    </div>
  );
}
