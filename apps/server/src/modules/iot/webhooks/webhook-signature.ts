import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the X-Tinkercloud-Signature header (README). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of every delivery, a value's or a test's: signed now with the thing's secret. */
export function signedWebhookHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Tinkercloud-Webhooks/1',
    'x-tinkercloud-timestamp': String(timestamp),
    'x-tinkercloud-signature': webhookSignature(secret, timestamp, body),
  };
}
