/** What made a trigger fire, in words: "Greenhouse · temperature was 31.5" or "Board went offline". */
export function firingText(source: Record<string, unknown>): string {
  const field = (o: unknown, key: string) =>
    o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
  const thing = field(source.thing, 'name');
  const prefix = typeof thing === 'string' && thing ? `${thing} · ` : '';
  if (source.property) {
    const value = field(source.property, 'value');
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    return `${prefix}${String(field(source.property, 'name') ?? 'variable')} was ${shown}`;
  }
  if (source.device) {
    const status = field(source.device, 'status');
    const state = status === 'CONNECTED' ? 'online' : status === 'DISCONNECTED' ? 'offline' : 'unknown';
    return `${String(field(source.device, 'name') || 'The device')} went ${state}`;
  }
  return 'Fired';
}
