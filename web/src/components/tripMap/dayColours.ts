/**
 * The route's colour per day: six hues told apart by people with the common colour-vision deficiencies as well as
 * the palette allows, with words beside them (the key and the day picker) so colour is never the only cue. One set
 * per theme: each colour keeps 3:1 contrast, the minimum for graphics, against the base map it is drawn on.
 */
import type { ColourScheme } from './useColourScheme.ts';

export const DAY_COLOURS: Record<ColourScheme, readonly string[]> = {
  light: ['#c2410c', '#1d4ed8', '#047857', '#7e22ce', '#be123c', '#0e7490'],
  dark: ['#fb923c', '#60a5fa', '#34d399', '#c084fc', '#fb7185', '#22d3ee'],
};

/** The land colour of each theme's base maps (the embedded one's and the default remote one's are alike). */
export const BASE_MAP_LAND: Record<ColourScheme, string> = { light: '#e9eef0', dark: '#2a3238' };

/** The colour of the `index`th day of the trip (0-based), in `scheme`. */
export const dayColour = (index: number, scheme: ColourScheme) => DAY_COLOURS[scheme][index % DAY_COLOURS[scheme].length];

const channel = (value: number) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => channel(parseInt(hex.slice(at, at + 2), 16) / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}
