/**
 * A found place's 'Add to Trip' when it fits best somewhere other than the end (docs/product.md#stops): the same
 * placement choice as Add Manually under the result, then Add Stop (one live change, so one Undo takes it out)
 * or Cancel. The choice takes the focus when it opens.
 */
import { useEffect, useRef } from 'react';
import type { DocStop, TPoi } from '@caravan/shared';
import { tripPageMessages } from '../messages.ts';
import { PlacementChoice } from '../placement/PlacementChoice.tsx';
import { usePlacement } from '../placement/usePlacement.ts';

const text = tripPageMessages;

interface Props {
  id: string;
  place: TPoi;
  stops: readonly DocStop[];
  /** The place's name, which the Add Stop button is described by. */
  describedBy: string;
  onAdd: (index: number) => void;
  onCancel: () => void;
}

export function PlaceAddChoice({ id, place, stops, describedBy, onAdd, onCancel }: Props) {
  const placement = usePlacement(stops, place);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
    // The results list scrolls: bring the whole choice, its buttons too, into it.
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div id={id} className="place-add" ref={box}>
      <PlacementChoice placements={placement.placements} value={placement.kind} onChange={placement.setKind} />
      <div className="place-add-actions">
        <button type="button" className="button small primary" aria-describedby={describedBy} onClick={() => onAdd(placement.index)}>
          {text.addStop}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {text.placement.cancel}
        </button>
      </div>
    </div>
  );
}
