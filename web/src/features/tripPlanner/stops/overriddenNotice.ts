/** The overridden-edit notice in words (useOverriddenEditNotice.ts): who changed what of which stop, and what was kept. */
import type { OverriddenEdit } from '../../../lib/collab/overriddenEdits.ts';
import { tripPageMessages } from '../messages.ts';

const text = tripPageMessages.overridden;
const POSITION_KEYS = new Set(['latitude', 'longitude']);

/** What of one stop was replaced, in words: "the name", "the position", or "the details" for several fields. */
function fieldsChanged(keys: readonly string[]): string | null {
  if (keys.every((key) => POSITION_KEYS.has(key))) return text.fields.position;
  return keys.length === 1 ? (text.fields[keys[0]] ?? text.fields.details) : null;
}

/** The notice's words for the edits one member's change replaced. */
export function overriddenNotice(edits: readonly OverriddenEdit[], who: string, stopName: (stopId: string) => string): { title: string; label: string } {
  const stopIds = [...new Set(edits.map((edit) => edit.stopId))];
  const onlyOrder = edits.every((edit) => edit.key === 'pos');
  if (stopIds.length > 1) {
    return { title: onlyOrder ? text.movedStops(who, stopIds.length) : text.changedStops(who, stopIds.length), label: text.applyMineStopsLabel(stopIds.length) };
  }
  const stop = stopName(stopIds[0]);
  const label = text.applyMineLabel(stop);
  if (onlyOrder) return { title: text.moved(who, stop), label };
  const what = fieldsChanged(edits.filter((edit) => edit.key !== 'pos').map((edit) => edit.key));
  return { title: what && !edits.some((edit) => edit.key === 'pos') ? text.changed(who, what, stop) : text.changedStop(who, stop), label };
}
