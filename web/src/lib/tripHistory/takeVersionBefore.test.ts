/**
 * The mark taken right before a whole-trip change never holds the change up: a take that answers goes on at once,
 * one that fails goes on at once, one that hangs goes on after TAKE_WAIT_MS, and offline no call is made.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyApi } from './historyApi.ts';
import { TAKE_WAIT_MS, takeVersionBefore } from './takeVersionBefore.ts';

const TRIP = '11111111-1111-4111-8111-111111111111';
const taken = { version: { id: '7', takenAt: '2026-12-02T10:00:00.000Z', kind: 'before_optimise' as const, name: null, editors: [], summary: '' } };

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Milliseconds of fake time until the promise settles (checked every 100 ms), or null if it has not by `limit`. */
async function settlesAfter(promise: Promise<void>, limit = 5000): Promise<number | null> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let elapsed = 0; elapsed <= limit; elapsed += 100) {
    await vi.advanceTimersByTimeAsync(elapsed === 0 ? 0 : 100);
    if (settled) return elapsed;
  }
  return null;
}

describe('takeVersionBefore', () => {
  it('asks for the kind given and goes on as soon as the version is taken', async () => {
    vi.useFakeTimers();
    const take = vi.spyOn(historyApi, 'take').mockResolvedValue(taken);
    expect(await settlesAfter(takeVersionBefore(TRIP, 'before_optimise'))).toBe(0);
    expect(take).toHaveBeenCalledWith(TRIP, 'before_optimise');
  });

  it('goes on at once when the take fails', async () => {
    vi.useFakeTimers();
    vi.spyOn(historyApi, 'take').mockRejectedValue(new Error('Failed to fetch'));
    expect(await settlesAfter(takeVersionBefore(TRIP, 'before_import'))).toBe(0);
  });

  it('waits no longer than TAKE_WAIT_MS for a take that does not answer', async () => {
    vi.useFakeTimers();
    vi.spyOn(historyApi, 'take').mockReturnValue(new Promise(() => {}));
    const waited = await settlesAfter(takeVersionBefore(TRIP, 'before_plan_days'));
    expect(waited).toBe(Math.ceil(TAKE_WAIT_MS / 100) * 100);
    expect(TAKE_WAIT_MS).toBeLessThanOrEqual(1500);
  });

  it('makes no call offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const take = vi.spyOn(historyApi, 'take').mockResolvedValue(taken);
    await takeVersionBefore(TRIP, 'before_dates');
    expect(take).not.toHaveBeenCalled();
  });
});
