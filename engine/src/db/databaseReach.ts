/**
 * Whether an error says PostgreSQL could not be reached (refused, dropped, shutting down or starting, out of
 * connections), rather than that a query was wrong: the REST door answers those 503 with Retry-After
 * (server/src/middleware/errorHandler.ts) and the live door stops taking writes it cannot commit
 * (collab-server/src/writeQueue.ts). Both come back by themselves: the pool opens new connections as calls need them.
 */

/** Seconds a client is told to wait before trying again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's socket errors on connecting to, or talking with, a server that is gone. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception) and admin shutdown, crash shutdown, cannot
 * connect now (starting up or recovering), too many connections.
 */
const unreachableState = (code: string) => code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

/** What node-postgres and its pool say when a connection ended under them or could not be had in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as ErrorFields;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unreachableState(code)))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
  // TypeORM wraps the driver's error (QueryFailedError.driverError); a connect to several addresses fails as an AggregateError.
  const inner = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((wrapped) => isDatabaseUnreachable(wrapped, depth + 1));
}
