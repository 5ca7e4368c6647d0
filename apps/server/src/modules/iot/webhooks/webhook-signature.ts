import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the X-Tinkercloud-Signature header (README). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
