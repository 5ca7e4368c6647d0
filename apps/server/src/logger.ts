import pino from 'pino';
import type { Config } from './config.ts';

/** Structured JSON logs; request logs come from Fastify through the same instance. */
export function createLogger(config: Pick<Config, 'logLevel'>) {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  });
}
