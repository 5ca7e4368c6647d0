declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Appends an event to the tag manager's data layer, creating it when no tag manager loaded. */
export function pushDataLayer(target: { dataLayer?: unknown[] }, event: Record<string, unknown>): void {
  target.dataLayer ??= [];
  target.dataLayer.push(event);
}

/** Sent on every route resolve (spec section 2.3). */
export function pushPageview(target: { dataLayer?: unknown[] }, path: string): void {
  pushDataLayer(target, { event: 'pageview', path });
}
