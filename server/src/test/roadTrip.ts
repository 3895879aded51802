/**
 * A trip of two stops a degree of longitude apart (Vernal, Utah to Dinosaur, Colorado), its leg worked out by the
 * server's routing engine: for the tests of what follows a leg's road line (with the OSRM stand-in, whose road winds
 * a few km either side of the straight line) rather than the straight estimate.
 */
import { randomUUID } from 'node:crypto';
import { addStop, deleteStop, orderedStops } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import type { AppDeps } from '../types.ts';
import { stopRows } from './tripDetailFixtures.ts';
import { tripWithCrew } from './tripWithCrew.ts';

export const VERNAL = { latitude: 40, longitude: -110 };
export const DINOSAUR = { latitude: 40, longitude: -109 };

/** The crew's trip with Vernal and Dinosaur alone, and the stored leg into Dinosaur. */
export async function vernalToDinosaur({ dataSource, tripDocs, legs }: Pick<AppDeps, 'dataSource' | 'tripDocs' | 'legs'>) {
  const crew = await tripWithCrew(dataSource);
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const stop of orderedStops(doc)) deleteStop(doc, stop.id);
      addStop(doc, randomUUID(), { name: 'Vernal', ...VERNAL });
      addStop(doc, randomUUID(), { name: 'Dinosaur', ...DINOSAUR });
    }),
  );
  await legs.idle();
  const dinosaur = (await stopRows(dataSource, crew.trip.id)).find((row) => row.name === 'Dinosaur')!;
  const [{ drive_leg: leg }] = await dataSource.query(`SELECT drive_leg FROM stops WHERE id = $1`, [dinosaur.id]);
  return { crew, leg: leg as { source: string; geometry?: string } };
}
