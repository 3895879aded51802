import { describe, expect, it } from 'vitest';
import { persistTimer, SLOW_PERSIST_MS } from './persistTimer.ts';

function clockAndLog() {
  let at = 1000;
  const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const logger = { warn: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }) };
  return { logged, logger, now: () => at, advance: (ms: number) => (at += ms) };
}

describe('a persist timer', () => {
  it('logs a slow persist with each step and how busy the event loop was', () => {
    const { logged, logger, now, advance } = clockAndLog();
    const timer = persistTimer(logger, now);
    advance(2.25);
    timer.step('queued');
    advance(180);
    timer.step('lock');
    advance(4);
    timer.step('commit');
    timer.done({ tripId: 'trip', path: 'locked' });
    expect(logged).toHaveLength(1);
    expect(logged[0].message).toBe('a persist took 186 ms');
    expect(logged[0].fields).toMatchObject({ tripId: 'trip', path: 'locked', totalMs: 186, steps: { queued: 2.3, lock: 180, commit: 4 } });
    expect(logged[0].fields.eventLoopBusy).toBeGreaterThanOrEqual(0);
    expect(logged[0].fields.eventLoopBusy).toBeLessThanOrEqual(1);
  });

  it('says nothing of a persist under the bound', () => {
    const { logged, logger, now, advance } = clockAndLog();
    const timer = persistTimer(logger, now);
    advance(SLOW_PERSIST_MS - 1);
    timer.step('grouped');
    timer.done({ tripId: 'trip', path: 'grouped' });
    expect(logged).toEqual([]);
  });
});
