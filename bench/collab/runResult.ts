/** What one in-process BenchClient recorded, in the shape the stats read from client processes (./clientProcess.ts). */
import type { BenchClient } from './client.ts';
import type { ClientRunResult } from './clientProcess.ts';

export const asRunResult = (key: number, client: BenchClient): ClientRunResult => ({
  key,
  clientId: client.clientId,
  sends: Float64Array.from(client.rec.sends),
  receipts: new Map([...client.rec.receipts].map(([sender, list]) => [sender, Float64Array.from(list)])),
  acks: Float64Array.from(client.rec.acks),
  unacked: 0,
  closed: client.closed,
});
