/**
 * The topics of the Arduino IoT Cloud device protocol (v2 and the legacy one arduino-iot-js still speaks).
 * Ids are UUIDs; anything else is not one of our topics.
 */
type DeviceChannel = 'c/up' | 'c/dw' | 'e/o' | 'e/i';
type ThingChannel = 'e/o' | 'e/i' | 'shadow/o' | 'shadow/i';

export type ParsedTopic =
  | { scope: 'device'; id: string; channel: DeviceChannel }
  | { scope: 'thing'; id: string; channel: ThingChannel };

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const DEVICE_TOPIC = new RegExp(`^/a/d/(${UUID})/(c/up|c/dw|e/o|e/i)$`);
const THING_TOPIC = new RegExp(`^/a/t/(${UUID})/(e/o|e/i|shadow/o|shadow/i)$`);

export function parseTopic(topic: string): ParsedTopic | null {
  const d = DEVICE_TOPIC.exec(topic);
  if (d?.[1] && d[2]) return { scope: 'device', id: d[1].toLowerCase(), channel: d[2] as DeviceChannel };
  const t = THING_TOPIC.exec(topic);
  if (t?.[1] && t[2]) return { scope: 'thing', id: t[1].toLowerCase(), channel: t[2] as ThingChannel };
  return null;
}

/**
 * Topics the server uses between its own processes (live events and the like). Clients may neither publish
 * nor subscribe to them; `$`-topics are not matched by a client's `#` either.
 */
export const INTERNAL_PREFIX = '$tinkercloud/';
