import type { Config } from '../../../config.ts';

/** Our broker as a board reaches it (TLS: boards need it), for generated sketches; none for an external one. */
export function sketchBrokerOf(
  config: Pick<Config, 'mqtt' | 'publicUrl'>,
): { host: string; port: number } | undefined {
  if (config.mqtt.mode !== 'embedded' || !config.mqtt.tls) return undefined;
  return { host: new URL(config.publicUrl).hostname, port: config.mqtt.tls.port };
}
