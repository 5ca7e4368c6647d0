import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from '../config.ts';
import { type CertificateSource, generatedSource, operatorSource } from './certificate-source.ts';
import { LocalCaError } from './local-ca.ts';
import { certificateNames } from './names.ts';

export interface Certificates {
  /** The HTTPS listener's certificate (null with TLS=off). */
  server: CertificateSource | null;
  /** MQTT over TLS: its own files (MQTT_TLS_CERT_FILE), else the server's; null without MQTT over TLS here. */
  mqtt: CertificateSource | null;
  /** The local CA clients trust, when the certificate is generated. */
  caFile: string | null;
  close(): void;
}

/** The certificate sources the configuration asks for, loaded (or made) and watched. */
export async function createCertificates(config: Config, logger: FastifyBaseLogger): Promise<Certificates> {
  let server: CertificateSource | null = null;
  let caFile: string | null = null;
  if (config.tls.enabled) {
    const origin = config.tls.certificate;
    if (origin.kind === 'generated') {
      const names = certificateNames({
        publicUrl: config.publicUrl,
        bindHosts: [config.host, ...(config.mqtt.mode === 'embedded' ? [config.mqtt.host] : [])],
        extraHosts: origin.extraHosts,
      });
      try {
        const generated = await generatedSource({
          dir: origin.dir,
          names,
          organization: config.productName,
          logger,
        });
        server = generated;
        caFile = generated.info().caFile;
      } catch (err) {
        if (err instanceof LocalCaError) throw new ConfigError([`DATA_DIR: ${err.message}`]);
        throw err;
      }
    } else {
      server = operatorSource({
        origin: origin.kind === 'files' ? origin : { dir: origin.dir },
        variables: origin.kind === 'files' ? 'TLS_CERT_FILE / TLS_KEY_FILE' : 'TLS_CERT_DIR',
        logger,
      });
    }
  }
  const mqttTls = config.mqtt.mode === 'embedded' ? config.mqtt.tls : null;
  const mqtt = mqttTls?.files
    ? operatorSource({ origin: mqttTls.files, variables: 'MQTT_TLS_CERT_FILE / MQTT_TLS_KEY_FILE', logger })
    : mqttTls
      ? server
      : null;
  return {
    server,
    mqtt,
    caFile,
    close() {
      server?.close();
      if (mqtt !== server) mqtt?.close();
    },
  };
}
