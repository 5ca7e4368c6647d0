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
