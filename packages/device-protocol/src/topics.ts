/** MQTT topics of the protocol (2.x, plus the legacy ones arduino-iot-js still uses in device mode). */
export const TOPICS = {
  /** Commands from the device. */
  commandsUp: (deviceId: string) => `/a/d/${deviceId}/c/up`,
  /** Commands to the device. */
  commandsDown: (deviceId: string) => `/a/d/${deviceId}/c/dw`,
  /** Property values from the thing's device. */
  thingOut: (thingId: string) => `/a/t/${thingId}/e/o`,
  /** Property writes to the thing's device. */
  thingIn: (thingId: string) => `/a/t/${thingId}/e/i`,
  /** Legacy: device properties from the device (library 1.x). */
  deviceOut: (deviceId: string) => `/a/d/${deviceId}/e/o`,
  /** Legacy: device properties to the device; the cloud pushes `thing_id` here. */
  deviceIn: (deviceId: string) => `/a/d/${deviceId}/e/i`,
  /** Legacy: the last-values request. */
  shadowOut: (thingId: string) => `/a/t/${thingId}/shadow/o`,
  /** Legacy: the last values. */
  shadowIn: (thingId: string) => `/a/t/${thingId}/shadow/i`,
} as const;

/** Does `topic` fall under the MQTT topic filter `filter` (`+` one level, `#` the rest)? */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i += 1) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}
