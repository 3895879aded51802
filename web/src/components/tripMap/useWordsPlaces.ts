/**
 * Where each range mark's words go: beside its sign on the side of the map with more room, no wider than that room
 * (they wrap beyond it), so at 390 px a mark near the map's edge keeps its words on the map. Measured again when the
 * map stops moving or changes size, not on every frame.
 */
import { useEffect, useState } from 'react';
import { useMapKit } from './mapKit.ts';

export interface WordsPlace {
  side: 'left' | 'right';
  maxWidth: number;
}

interface Placed {
  id: string;
  latitude: number;
  longitude: number;
}

/** The sign (24 px), the gap and a margin from the map's edge. */
const SIGN_AND_MARGIN_PX = 40;
/** Narrower than this the words would be a word a line: they take it and may run past a small map's edge. */
const NARROWEST_PX = 96;

const samePlaces = (a: ReadonlyMap<string, WordsPlace>, b: ReadonlyMap<string, WordsPlace>) =>
  a.size === b.size && [...a].every(([id, place]) => b.get(id)?.side === place.side && b.get(id)?.maxWidth === place.maxWidth);

export function useWordsPlaces(marks: readonly Placed[]): ReadonlyMap<string, WordsPlace> {
  const { useMap } = useMapKit();
  const map = useMap().current;
  const [places, setPlaces] = useState<ReadonlyMap<string, WordsPlace>>(new Map());
  useEffect(() => {
    if (!map) return;
    const place = () => {
      const width = map.getContainer().clientWidth;
      const next = new Map<string, WordsPlace>();
      for (const mark of marks) {
        const { x } = map.project([mark.longitude, mark.latitude]);
        const side = x > width / 2 ? 'left' : 'right';
        const room = side === 'right' ? width - x : x;
        next.set(mark.id, { side, maxWidth: Math.max(NARROWEST_PX, Math.floor(room - SIGN_AND_MARGIN_PX)) });
      }
      setPlaces((current) => (samePlaces(current, next) ? current : next));
    };
    place();
    map.on('moveend', place);
    map.on('resize', place);
    return () => {
      map.off('moveend', place);
      map.off('resize', place);
    };
  }, [map, marks]);
  return places;
}
