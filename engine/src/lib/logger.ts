/** The process logger (pino); requests log through children that carry their request id. */
import pino from 'pino';

export type Logger = pino.Logger;

/** Lines gathered before a write, and the longest a line waits when fewer come. */
const BATCH_BYTES = 8 * 1024;
const FLUSH_EVERY_MS = 200;

/**
 * Standard output, written in batches: the API logs a line per request, and a write system call per line was 7 % of
 * its CPU under bench:api. Lines wait for a batch at most FLUSH_EVERY_MS, and pino writes what is left when the
 * process exits. One per process, so loggers never interleave their writes.
 */
let stdout: pino.DestinationStream | undefined;

function batchedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  let waiting = false;
  const write = stream.write.bind(stream);
  stream.write = (line: string) => {
    waiting = true;
    return write(line);
  };
  setInterval(() => {
    if (!waiting) return;
    waiting = false;
    stream.flush();
  }, FLUSH_EVERY_MS).unref();
  return stream;
}

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'password', 'newPassword'] }, (stdout ??= batchedStdout()));
}
