/**
 * The response media types of the upstream API (Goa). The official clients send them as `Accept` and parse
 * any `+json` answer, so each route answers with the same type upstream would. The charset is spelled out so
 * Fastify keeps the header as written (it would otherwise re-serialise `type=collection` with quotes).
 */
const RAW = {
  error: 'application/vnd.goa.error+json',
  device: 'application/vnd.arduino.devicev2+json',
  devices: 'application/vnd.arduino.devicev2+json; type=collection',
  devicePass: 'application/vnd.arduino.devicev2.pass+json',
  cert: 'application/vnd.arduino.devicev2.cert+json',
  certs: 'application/vnd.arduino.devicev2.cert+json; type=collection',
  otaUpload: 'application/vnd.arduino.devicev2.otaupload+json',
  deviceProperties: 'application/vnd.arduino.devicev2properties+json',
  devicePropertyValues: 'application/vnd.arduino.devicev2propertyvalues+json',
  deviceEvents: 'application/vnd.arduino.devicev2.event.properties+json',
  deviceStatusEvents: 'application/vnd.arduino.devicev2.status.events+json',
  thing: 'application/vnd.arduino.thing+json',
  things: 'application/vnd.arduino.thing+json; type=collection',
  thingTemplate: 'application/vnd.arduino.thingtemplate+json',
  property: 'application/vnd.arduino.property+json',
  properties: 'application/vnd.arduino.property+json; type=collection',
  propertyTypes: 'application/vnd.arduino.propertytype+json; type=collection',
  timeseries: 'application/vnd.arduino.timeseriesmedia+json',
  tags: 'application/vnd.arduino.tags+json',
  credentials: 'application/vnd.arduino.credentialsv1+json; type=collection',
  connections: 'application/vnd.arduino.arduinoconnections.v1+json',
  loraDevice: 'application/vnd.arduino.loradevicev1+json',
  loraFreqPlans: 'application/vnd.arduino.lorafreqplansv1+json',
  json: 'application/json',
} as const;

export const MEDIA = Object.fromEntries(
  Object.entries(RAW).map(([k, v]) => [k, k === 'error' ? v : `${v}; charset=utf-8`]),
) as { [K in keyof typeof RAW]: string };
