import { z } from 'zod';

/**
 * `GET /iot/v1/network_credentials/{type}` (ArduinoCredentialsv1): one `arduino_secrets.h` entry a sketch of
 * the device type needs to reach its network. The server answers it; the device page's Network tab asks for
 * the values and writes the file in the browser.
 */
export const networkCredentialSchema = z.object({
  secret_name: z.string(),
  friendly_name: z.string(),
  required: z.boolean(),
  sensitive: z.boolean(),
  max_length: z.number().int(),
});
export type NetworkCredential = z.infer<typeof networkCredentialSchema>;
export const networkCredentialsSchema = z.array(networkCredentialSchema);

/** `GET /iot/v1/network_credentials/{type}/connections`: each connection's entries, empty where not offered. */
export const networkConnectionsSchema = z.record(z.string(), networkCredentialsSchema);

/** How the device page names each connection of the API. */
export const CONNECTION_LABELS: Readonly<Record<string, string>> = {
  wifi: 'Wi-Fi',
  wifiandsecret: 'Wi-Fi with a secret key',
  eth: 'Ethernet',
  gsm: 'GSM',
  nb: 'NB-IoT',
  catm1: 'Cat-M1',
  cellular: 'Cellular',
  lora: 'LoRaWAN',
};
