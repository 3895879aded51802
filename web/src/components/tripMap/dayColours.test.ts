import { describe, expect, it } from 'vitest';
import { BASE_MAP_LAND, contrast, DAY_COLOURS, dayColour } from './dayColours.ts';

describe('day colours', () => {
  it('each stands out 3:1 from the base map of its theme, and neighbouring days differ', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const colour of DAY_COLOURS[scheme]) expect(contrast(colour, BASE_MAP_LAND[scheme]), `${scheme} ${colour}`).toBeGreaterThanOrEqual(3);
      expect(new Set(DAY_COLOURS[scheme]).size).toBe(DAY_COLOURS[scheme].length);
      expect(dayColour(0, scheme)).not.toBe(dayColour(1, scheme));
      expect(dayColour(6, scheme)).toBe(dayColour(0, scheme));
    }
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
  });
});
