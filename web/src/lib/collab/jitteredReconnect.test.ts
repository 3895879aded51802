import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelay } from './jitteredReconnect.ts';

describe('reconnectDelay', () => {
  it('spreads waits under a cap that doubles per attempt up to the maximum', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 0.999))).toEqual([249.75, 499.5, 999, 1998]);
    expect(reconnectDelay(20, () => 0.999)).toBeLessThan(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0.5)).toBe(RECONNECT_MAX_MS / 2);
    const waits = new Set(Array.from({ length: 20 }, () => reconnectDelay(5)));
    expect(waits.size).toBeGreaterThan(15);
  });
});
