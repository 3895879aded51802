import { describe, expect, it, vi } from 'vitest';
import type { WebsocketProvider } from 'y-websocket';
import { COLLAB_CLOSE, COLLAB_FINAL_CLOSE_CODES, COLLAB_LIMITS, COLLAB_RECONNECT_PAUSES } from '@caravan/shared';
import { jitteredReconnect, RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from './jitteredReconnect.ts';

describe('reconnectDelay', () => {
  it('spreads waits under a cap that doubles per attempt up to the maximum', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 0.999))).toEqual([249.75, 499.5, 999, 1998]);
    expect(reconnectDelay(20, () => 0.999)).toBeLessThan(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0.5)).toBe(RECONNECT_MAX_MS / 2);
    const waits = new Set(Array.from({ length: 20 }, () => reconnectDelay(5)));
    expect(waits.size).toBeGreaterThan(15);
  });
});

describe('jitteredReconnect', () => {
  /** Just what jitteredReconnect uses of y-websocket's provider: its events, `shouldConnect` and `connect()`. */
  function fakeProvider() {
    const handlers = new Map<string, (event: unknown) => void>();
    const provider = {
      shouldConnect: true,
      connects: 0,
      on: (name: string, handler: (event: unknown) => void) => handlers.set(name, handler),
      off: (name: string) => handlers.delete(name),
      connect() {
        provider.connects++;
        provider.shouldConnect = true;
      },
      close: (code: number) => handlers.get('connection-close')!({ code, reason: '' }),
    };
    return provider;
  }

  /** Reconnects as the trip connection does, the jitter always at its longest. */
  const reconnecting = (provider: ReturnType<typeof fakeProvider>) =>
    jitteredReconnect(provider as unknown as WebsocketProvider, {
      finalCloseCodes: COLLAB_FINAL_CLOSE_CODES,
      pauseAfter: COLLAB_RECONNECT_PAUSES,
      onFinalClose: () => {},
      random: () => 0.999,
    });

  it('comes back within the jitter after a drop, and only after the pause once rate-limited', () => {
    vi.useFakeTimers();
    try {
      const provider = fakeProvider();
      const control = reconnecting(provider);
      provider.close(1006);
      vi.advanceTimersByTime(RECONNECT_BASE_MS);
      expect(provider.connects).toBe(1);

      provider.close(COLLAB_CLOSE.rateLimited);
      vi.advanceTimersByTime(COLLAB_LIMITS.rateLimitedPauseMs - 1);
      expect(provider.connects).toBe(1);
      vi.advanceTimersByTime(4 * RECONNECT_BASE_MS);
      expect(provider.connects).toBe(2);
      control.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['too far behind', COLLAB_CLOSE.tooFarBehind, COLLAB_LIMITS.tooFarBehindPauseMs],
    ['too many trips open', COLLAB_CLOSE.tooManyOpen, COLLAB_LIMITS.tooManyOpenPauseMs],
  ])('waits out its pause after a "%s" close instead of coming straight back', (_name, code, pauseMs) => {
    vi.useFakeTimers();
    try {
      const provider = fakeProvider();
      const control = reconnecting(provider);
      provider.close(code);
      vi.advanceTimersByTime(pauseMs - 1);
      expect(provider.connects).toBe(0);
      vi.advanceTimersByTime(RECONNECT_BASE_MS);
      expect(provider.connects).toBe(1);
      control.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the next attempt as long as the server asked (a refused upgrade\'s Retry-After), plus the jitter', () => {
    vi.useFakeTimers();
    try {
      const provider = fakeProvider();
      const control = reconnecting(provider);
      provider.close(1006);
      control.holdFor(5000);
      vi.advanceTimersByTime(4999);
      expect(provider.connects).toBe(0);
      // The jitter of the next attempt (the second: up to twice the base) comes on top.
      vi.advanceTimersByTime(2 * RECONNECT_BASE_MS);
      expect(provider.connects).toBe(1);
      // Asked while connected, or for less than the wait already set, it changes nothing.
      control.holdFor(5000);
      provider.close(COLLAB_CLOSE.rateLimited);
      control.holdFor(1000);
      vi.advanceTimersByTime(COLLAB_LIMITS.rateLimitedPauseMs - 1);
      expect(provider.connects).toBe(1);
      vi.advanceTimersByTime(4 * RECONNECT_BASE_MS);
      expect(provider.connects).toBe(2);
      control.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
