/**
 * The connections an Aedes broker holds, read from two of its internals: `broker.clients` (connected clients by
 * client id, not in its public API) and `client.conn` (the stream the client came in on). Nothing else in the
 * server reaches into Aedes; `aedes-connections.test.ts` runs a real broker and fails when an upgrade changes
 * either of them.
 */
import type { Duplex } from 'node:stream';
import type { Aedes, Client } from 'aedes';

/** Aedes's table of connected clients by client id (a prototype-less object in Aedes 1.x). */
function clientTable(broker: Aedes): Record<string, Client> {
  const clients = (broker as unknown as { clients?: unknown }).clients;
  if (typeof clients !== 'object' || clients === null) {
    throw new Error(
      'Aedes has no `clients` table any more: update aedes-connections.ts for this Aedes version',
    );
  }
  return clients as Record<string, Client>;
}

/** The connected clients, by client id. */
export function connectedClients(broker: Aedes): [clientId: string, client: Client][] {
  return Object.entries(clientTable(broker));
}

/** The connected client with this client id, if any. */
export function connectedClient(broker: Aedes, clientId: string): Client | undefined {
  const table = clientTable(broker);
  return Object.hasOwn(table, clientId) ? table[clientId] : undefined;
}

/** The stream the client is connected over: the TCP or TLS socket, or the WebSocket's stream. */
export function clientStream(client: Client): Duplex | undefined {
  const conn = (client as unknown as { conn?: unknown }).conn;
  return conn && typeof conn === 'object' ? (conn as Duplex) : undefined;
}
