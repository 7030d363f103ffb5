import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

/** JSON logs on stdout; credentials never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}
