/**
 * Connections and disconnections as Mosquitto reports them in its log (`log_dest topic` publishes each line
 * on `$SYS/broker/log/N`): the only place Mosquitto 2 tells other clients who is connected.
 */
type ConnectionEvent = { kind: 'connected' | 'disconnected'; clientId: string };

const CONNECTED = /^\d+: New client connected from \S+ as (\S+) \(/;
/** A clean DISCONNECT, a dropped socket, keepalive expiry, a kick; not the takeover of an id by a new connection. */
const DISCONNECTED =
  /^\d+: (?:Client (\S+) (?:disconnected|closed its connection|has exceeded timeout)|Socket error on client (\S+), disconnecting)/;

export function parseLogLine(line: string): ConnectionEvent | null {
  const c = CONNECTED.exec(line);
  if (c?.[1]) return { kind: 'connected', clientId: c[1] };
  const d = DISCONNECTED.exec(line);
  const id = d?.[1] ?? d?.[2];
  if (id && id !== '<unknown>') return { kind: 'disconnected', clientId: id.replace(/[.,]$/, '') };
  return null;
}
