import { z } from 'zod';

/** ArduinoCompressedv2: what a board stores to rebuild its certificate (hex strings, dates). */
export const compressedSchema = z.object({
  serial: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  signature: z.string(),
  signature_asn1_x: z.string(),
  signature_asn1_y: z.string(),
  authority_key_identifier: z.string().optional(),
});

/** A device certificate (ArduinoDevicev2Cert, `application/vnd.arduino.devicev2.cert+json`). */
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

/** How a client reads a certificate: its id (the network tab counts them). */
export const certReadSchema = certSchema.partial().required({ id: true }).loose();
