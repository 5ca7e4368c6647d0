import { singleLineText } from '@tinkercloud/shared';
import { z } from 'zod';

/** ArduinoCompressedv2: what a board stores to rebuild its certificate (hex strings, dates). */
const compressedSchema = z.object({
  serial: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  signature: z.string(),
  signature_asn1_x: z.string(),
  signature_asn1_y: z.string(),
  authority_key_identifier: z.string().optional(),
});

/** ArduinoDevicev2Cert (`application/vnd.arduino.devicev2.cert+json`). */
export const certSchema = z.object({
  id: z.string(),
  device_id: z.string(),
  href: z.string(),
  enabled: z.boolean(),
  ca: z.string().optional(),
  der: z.string().describe('The certificate in DER, base64'),
  pem: z.string(),
  compressed: compressedSchema,
});
export type CertView = z.infer<typeof certSchema>;

const csr = z.string().min(1).max(1024).describe('The certificate request (PEM, ECDSA P-256)');
const ca = singleLineText()
  .max(64)
  .describe('The CA asked for; the deployment device CA signs in every case');

/** CreateDevicesV2CertsPayload. */
export const certCreateBody = z.object({ ca: ca.optional(), csr, enabled: z.boolean() });
/** devicev2.cert: every field optional; a new csr is signed again. */
export const certUpdateBody = z.object({
  ca: ca.optional(),
  csr: csr.optional(),
  enabled: z.boolean().optional(),
});

export const certParams = z.object({
  id: z.uuid().describe('The device id'),
  cid: z.uuid().describe('The certificate id'),
});
