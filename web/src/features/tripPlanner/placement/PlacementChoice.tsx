/**
 * Where a new stop goes (docs/product.md#stops): "At the end" or "Where it fits best", each saying where that
 * is and the driving it adds, before anything is written. Shown only when the two differ.
 */
import { useId } from 'react';
import type { PlacementKind, StopPlacement } from '@caravan/shared';
import { tripPageMessages } from '../messages.ts';

const text = tripPageMessages.placement;

interface Props {
  /** Where each choice puts the stop (or, for several, the driving they add in all). */
  placements: { end: Pick<StopPlacement, 'after' | 'addedMinutes'>; best: Pick<StopPlacement, 'after' | 'before' | 'addedMinutes'> };
  value: PlacementKind;
  onChange: (kind: PlacementKind) => void;
  /** "it" for one stop, "each" for an import's places. */
  many?: boolean;
}

export function PlacementChoice({ placements, value, onChange, many = false }: Props) {
  const name = useId();
  const options: Array<{ kind: PlacementKind; label: string; detail: string }> = [
    { kind: 'end', label: text.atEnd, detail: text.endDetail(placements.end, many) },
    { kind: 'best', label: many ? text.eachBest : text.best, detail: text.bestDetail(placements.best, many) },
  ];
  return (
    <fieldset className="placement-choice">
      <legend>{many ? text.legendMany : text.legend}</legend>
      {options.map(({ kind, label, detail }) => (
        <label key={kind}>
          <input type="radio" name={name} value={kind} checked={value === kind} onChange={() => onChange(kind)} />
          <span>
            <span className="placement-label">{label}</span>
            <small className="muted">{detail}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
