import {
  type Generator,
  type PropertyDeclaration,
  type SimulatedDevice,
  type SimulatorLogger,
  startSimulatedDevice,
} from '@tinkercloud/device-protocol/simulator';

/** What the demo thing declares: a sketch's variables (name = variable name). */
export const DEMO_PROPERTIES = [
  { name: 'temperature', type: 'FLOAT', permission: 'READ_ONLY' },
  { name: 'humidity', type: 'FLOAT', permission: 'READ_ONLY' },
  { name: 'counter', type: 'INT', permission: 'READ_ONLY' },
  { name: 'message', type: 'CHARSTRING', permission: 'READ_ONLY' },
  { name: 'led', type: 'STATUS', permission: 'READ_WRITE' },
] as const;

export type DemoVariable = (typeof DEMO_PROPERTIES)[number]['name'];

const MESSAGES = [
  'Hello from your demo device!',
  'All sensors nominal.',
  'Try switching the LED from the dashboard.',
  'Values here come from a simulated board.',
  'Delete this device whenever you like.',
];

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
/** A slow sine with a little noise, so the value moves on every tick without leaving its range. */
const drift =
  (base: number, amplitude: number, periodS: number, noise: number, digits: number, phase = 0): Generator =>
  (_tick, s) =>
    round(
      base + amplitude * Math.sin((2 * Math.PI * s) / periodS + phase) + (Math.random() * 2 - 1) * noise,
      digits,
    );

/** How each variable moves: a room's climate, a counter, a status line now and then, an LED the user drives. */
const GENERATORS: Record<DemoVariable, Generator | null> = {
  // 21 ± 3 °C in total.
  temperature: drift(21, 2.8, 600, 0.2, 2),
  // 45 ± 10 % in total.
  humidity: drift(45, 9.5, 900, 0.5, 1, 1),
  counter: (tick) => tick,
  // A new line every sixth tick.
  message: (tick) => MESSAGES[Math.floor(tick / 6) % MESSAGES.length] as string,
  led: null,
};

const DEMO_DECLARATIONS: PropertyDeclaration[] = DEMO_PROPERTIES.map((p) => ({
  name: p.name,
  type: p.type,
  generator: GENERATORS[p.name],
}));

/** Starts one demo board on `url`: it asks for its thing, then publishes every `intervalMs`. */
export function startDemoDevice(opts: {
  url: string;
  deviceId: string;
  secretKey: string;
  intervalMs: number;
  logger: SimulatorLogger;
}): SimulatedDevice {
  return startSimulatedDevice({
    url: opts.url,
    deviceId: opts.deviceId,
    secretKey: opts.secretKey,
    properties: DEMO_DECLARATIONS,
    intervalMs: opts.intervalMs,
    libVersion: '2.9.0',
    logger: opts.logger,
  });
}
