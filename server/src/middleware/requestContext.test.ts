/** The request log line names each request's path, except a calendar feed's secret, which never reaches the logs. */
import { describe, expect, it } from 'vitest';
import type { Logger } from '@caravan/engine';
import { requestContext } from './requestContext.ts';

async function loggedPath(path: string): Promise<unknown> {
  const lines: Array<Record<string, unknown>> = [];
  const logger = { info: (fields: Record<string, unknown>) => void lines.push(fields) } as unknown as Logger;
  const ctx = { method: 'GET', path, status: 200, get: () => '', set: () => {} };
  await requestContext(logger)(ctx as never, async () => {});
  return lines[0]?.path;
}

describe('the request log', () => {
  it('hides a calendar feed secret and keeps every other path as it is', async () => {
    const secret = 'Qk3x_-'.padEnd(43, 'a');
    expect(await loggedPath(`/_api/calendar/${secret}.ics`)).toBe('/_api/calendar/[secret]');
    expect(JSON.stringify(await loggedPath(`/_api/calendar/${secret}.ics`))).not.toContain(secret);
    expect(await loggedPath('/_api/trips/export')).toBe('/_api/trips/export');
    expect(await loggedPath('/trips/abc')).toBe('/trips/abc');
  });
});
