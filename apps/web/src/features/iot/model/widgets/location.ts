/** A place as the library's CloudLocation holds it. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A stored location value, or null when it is not a valid place on Earth. */
export function readLocation(value: unknown): LatLon | null {
  if (!value || typeof value !== 'object') return null;
  const { lat, lon } = value as Record<string, unknown>;
  if (typeof lat !== 'number' || typeof lon !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  return { lat, lon };
}

/**
 * The route of past locations, oldest first, from values read newest first (the messages query's order);
 * invalid values are skipped and repeats of the same place collapse into one point.
 */
export function routeOf(newestFirst: readonly { value: unknown }[]): LatLon[] {
  const route: LatLon[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const place = readLocation(newestFirst[i]?.value);
    const last = route[route.length - 1];
    if (place && !(last && last.lat === place.lat && last.lon === place.lon)) route.push(place);
  }
  return route;
}
