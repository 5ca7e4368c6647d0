import { hostname } from 'node:os';
import { z } from 'zod';

const DEFAULT_MQTT_PORT = 1883;
/** The port Arduino's libraries use for user name and password logins (arduino-iot-js's default too). */
const DEFAULT_MQTT_TLS_PORT = 8884;

/**
 * 256 KiB: an Arduino board's whole MQTT buffer is a few KiB (ArduinoMqttClient sends one SenML or command
 * message at a time, and firmware comes over HTTP, not MQTT), applications' messages are as small; a packet this
 * large is a mistake or an attack, and is never buffered whole.
 */
export const DEFAULT_MAX_PACKET_BYTES = 256 * 1024;
/**
 * 10 messages a second with bursts of 100: the Arduino library sends a property at most every 500 ms and groups
 * the properties ready at once into one message, so a sketch stays well below; a runaway loop does not.
 */
export const DEFAULT_DEVICE_RATE = { perSecond: 10, burst: 100 };

const port = z.coerce.number().int().min(0).max(65535);

/** The broker's environment variables, spread into the server's one schema (src/config.ts). */
export const mqttEnvSchema = {
  MQTT_PORT: port.optional(),
  MQTT_HOST: z.string().min(1).optional(),
  MQTT_TLS_PORT: port.optional(),
  MQTT_TLS_CERT_FILE: z.string().min(1).optional(),
  MQTT_TLS_KEY_FILE: z.string().min(1).optional(),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp|ssl)$/ }).optional(),
  // What one client may send (limits.ts): the largest MQTT packet, and each device's message rate (0: no limit).
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1024).max(268_435_455).default(DEFAULT_MAX_PACKET_BYTES),
  MQTT_DEVICE_MESSAGES_PER_SECOND: z.coerce
    .number()
    .min(0)
    .max(100_000)
    .default(DEFAULT_DEVICE_RATE.perSecond),
  MQTT_DEVICE_MESSAGE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_DEVICE_RATE.burst),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits and _ . - (at most 64)')
    .optional(),
};

type MqttEnv = { [K in keyof typeof mqttEnvSchema]?: z.infer<(typeof mqttEnvSchema)[K]> };

/** What one client may send, whichever broker carries it. */
interface MqttLimits {
  /** The largest MQTT packet a client may send, fixed header included (bytes). */
  maxPacketBytes: number;
  /** Each device's messages: `perSecond` sustained (0: no limit), `burst` at once. */
  deviceRate: { perSecond: number; burst: number };
}

export type MqttConfig = { limits: MqttLimits } & (
  | {
      mode: 'embedded';
      host: string;
      /** The plain MQTT port; 0 picks any free port (tests). */
      port: number;
      /** False when MQTT_PORT was left unset: a taken default then falls back to the next free port. */
      portExplicit: boolean;
      /**
       * MQTT over TLS: with the server's certificate (src/tls), or the MQTT listener's own files; null with
       * TLS=off and no files.
       */
      tls: {
        port: number;
        /** False when MQTT_TLS_PORT was left unset: a taken default then falls back to the next free port. */
        portExplicit: boolean;
        files: { certFile: string; keyFile: string } | null;
      } | null;
    }
  | {
      mode: 'external';
      /** The broker's address, credentials included (the server connects as a privileged client). */
      url: string;
      /**
       * This process's client id: stable across restarts (its persistent session keeps the messages it had
       * not acknowledged), different for each process.
       */
      clientId: string;
    }
);

/** Problems that span several variables, listed with the others by loadConfig. */
export function mqttProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const cert = env.MQTT_TLS_CERT_FILE !== undefined;
  const key = env.MQTT_TLS_KEY_FILE !== undefined;
  if (cert !== key) problems.push('MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE: set both or neither');
  if (env.MQTT_TLS_PORT !== undefined && !cert && env.TLS === 'off') {
    problems.push('MQTT_TLS_PORT: with TLS=off, needs MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE');
  }
  if (env.MQTT_URL === undefined && env.MQTT_CLIENT_ID !== undefined) {
    problems.push('MQTT_CLIENT_ID: only used with MQTT_URL (external broker)');
  }
  if (env.MQTT_URL !== undefined) {
    for (const name of ['MQTT_PORT', 'MQTT_TLS_PORT', 'MQTT_TLS_CERT_FILE', 'MQTT_TLS_KEY_FILE']) {
      if (env[name] !== undefined) problems.push(`${name}: has no effect with MQTT_URL (external broker)`);
    }
  }
  return problems;
}

/** `tls`: whether the server's own TLS is on (the TLS variable); the MQTT files turn MQTT over TLS on anyway. */
export function mqttConfig(e: MqttEnv, http: { host: string; port: number; tls: boolean }): MqttConfig {
  const limits: MqttLimits = {
    maxPacketBytes: e.MQTT_MAX_PACKET_BYTES ?? DEFAULT_MAX_PACKET_BYTES,
    deviceRate: {
      perSecond: e.MQTT_DEVICE_MESSAGES_PER_SECOND ?? DEFAULT_DEVICE_RATE.perSecond,
      burst: e.MQTT_DEVICE_MESSAGE_BURST ?? DEFAULT_DEVICE_RATE.burst,
    },
  };
  if (e.MQTT_URL) {
    return {
      limits,
      mode: 'external',
      url: e.MQTT_URL,
      clientId: e.MQTT_CLIENT_ID ?? `tinkercloud-${hostname()}-${http.port}`,
    };
  }
  const files =
    e.MQTT_TLS_CERT_FILE && e.MQTT_TLS_KEY_FILE
      ? { certFile: e.MQTT_TLS_CERT_FILE, keyFile: e.MQTT_TLS_KEY_FILE }
      : null;
  return {
    limits,
    mode: 'embedded',
    host: e.MQTT_HOST ?? http.host,
    port: e.MQTT_PORT ?? DEFAULT_MQTT_PORT,
    portExplicit: e.MQTT_PORT !== undefined,
    tls:
      http.tls || files
        ? {
            port: e.MQTT_TLS_PORT ?? DEFAULT_MQTT_TLS_PORT,
            portExplicit: e.MQTT_TLS_PORT !== undefined,
            files,
          }
        : null,
  };
}
