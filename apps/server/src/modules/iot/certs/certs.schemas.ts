import { singleLineText } from '@tinkercloud/shared';
import { z } from 'zod';

export { type CertView, certSchema, compressedSchema } from '@tinkercloud/shared';

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
