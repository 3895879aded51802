/** The process logger (pino); requests log through children that carry their request id. */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'password', 'newPassword'] });
}
