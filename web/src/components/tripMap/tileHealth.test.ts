import { describe, expect, it } from 'vitest';
import { NO_TILES_YET, RECENT_TILES, tilesFailing, withTile, type TileOutcome } from './tileHealth.ts';

const after = (outcomes: TileOutcome[]) => outcomes.reduce(withTile, NO_TILES_YET);
const times = (count: number, outcome: TileOutcome): TileOutcome[] => Array.from({ length: count }, () => outcome);

describe('when the remote base map gives way to the embedded one', () => {
  it('keeps the remote map for one or two failed tiles, even before any tile loaded', () => {
    expect(tilesFailing(NO_TILES_YET)).toBe(false);
    expect(tilesFailing(after(['failed']))).toBe(false);
    expect(tilesFailing(after(['failed', 'failed']))).toBe(false);
    expect(tilesFailing(after(['failed', ...times(10, 'loaded')]))).toBe(false);
  });

  it('falls back after three failed tiles with none loaded: a network that is gone', () => {
    expect(tilesFailing(after(times(3, 'failed')))).toBe(true);
  });

  it('keeps the remote map on a flaky network where most tiles load', () => {
    const flaky = Array.from({ length: 60 }, (_, index): TileOutcome => (index % 4 === 3 ? 'failed' : 'loaded'));
    expect(tilesFailing(after(flaky))).toBe(false);
    expect(tilesFailing(after(['loaded', ...times(8, 'failed')]))).toBe(false);
  });

  it('falls back when most recent tiles fail after the map had loaded, however many loaded before', () => {
    expect(tilesFailing(after(['loaded', ...times(9, 'failed')]))).toBe(true);
    expect(tilesFailing(after([...times(500, 'loaded'), ...times(9, 'failed')]))).toBe(true);
    expect(tilesFailing(after([...times(500, 'loaded'), ...times(3, 'failed'), ...times(3, 'loaded'), ...times(6, 'failed')]))).toBe(true);
  });

  it('forgets failures older than the window once tiles load again', () => {
    const recovered = after([...times(8, 'failed'), 'loaded', ...times(RECENT_TILES, 'loaded'), ...times(8, 'failed')]);
    expect(recovered.recent).toHaveLength(RECENT_TILES);
    expect(tilesFailing(recovered)).toBe(false);
  });
});
