/**
 * How Caravan's own GPX and KML files say what they hold, written by the exports and read by the imports (so an
 * import can tell a stop's notes from the readable plan it also carries): one contract, no builder in between.
 */

/** The GPX `creator` attribute: in a file so marked, `<desc>` is the plan and `<cmt>` the notes. */
export const GPX_CREATOR = 'Caravan';

/** The KML ExtendedData Data name a stop's notes travel under (written even when empty). */
export const KML_NOTES_DATA = 'notes';
