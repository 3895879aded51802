/**
 * /trips/history/version: the trip as it was at one version, read-only: its stops in order, every part's roots,
 * and the whole document as a Yjs update for the browser's own views.
 */
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { contractStops, messages, TRIP_PARTS, type CallResponse, type calls } from '@caravan/shared';
import { AppError, findVersion } from '@caravan/engine';
import { presentVersion } from '../presenters/tripVersion.ts';
import { versionDoc } from '../history/versionChanges.ts';

export async function tripVersionRead(dataSource: DataSource, tripId: string, versionId: bigint): Promise<CallResponse<typeof calls.history.read>> {
  return dataSource.transaction('REPEATABLE READ', async (manager) => {
    const version = await findVersion(manager, tripId, versionId);
    const doc = version && (await versionDoc(manager, tripId, versionId));
    if (!version || !doc) throw new AppError('not_found', messages.history.versionNotFound);
    try {
      const parts: Record<string, Record<string, unknown>> = {};
      for (const part of TRIP_PARTS) for (const root of part.roots) parts[root] = doc.getMap(root).toJSON();
      return {
        version: await presentVersion(manager, version),
        stops: contractStops(doc),
        parts,
        update: Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64'),
      };
    } finally {
      doc.destroy();
    }
  });
}
