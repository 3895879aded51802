/** Percentiles, the join of moves (sender clientID + clock) with what every other client of the trip saw, and figures as printed. */
import type { ClientRunResult } from './clientProcess.ts';

export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A client's `sends` are flat [startClock, endClock, time, measured] per move. */
const STRIDE = 4;

/** Per update ("client:startClock"): when the server's loop got it, and the end of that turn of its loop (see serverProbe). */
export type ServerReceipts = Map<string, { received: number; handled: number }>;

export interface Delivery {
  /** Per measured move: time until the last other client of the trip saw it (ms). */
  allSeen: number[];
  /** Per measured move and receiver: time until that receiver saw it (ms). */
  eachSeen: number[];
  measuredMoves: number;
  /** Measured moves some other client never saw before the run ended. */
  incomplete: number;
  deliveries: number;
  /** Per measured move seen by all: its receipt → the end of that turn of the server's loop (check, apply, fan-out). */
  inServer: number[];
  /** Per measured move seen by all: local edit → the server's 'message' event for it. */
  upstream: number[];
  /** Per measured move seen by all: the server's 'message' event → the last other client applied it. */
  downstream: number[];
}

/**
 * `trips[i]` lists the client keys of trip i. A receiver sees a sender's move once it has applied an update
 * carrying the sender's structs up to the move's end clock; updates from one sender reach a receiver in order.
 */
export function joinDeliveries(trips: number[][], results: Map<number, ClientRunResult>, server?: ServerReceipts): Delivery {
  const out: Delivery = { allSeen: [], eachSeen: [], measuredMoves: 0, incomplete: 0, deliveries: 0, upstream: [], downstream: [], inServer: [] };
  for (const keys of trips) {
    const members = keys.map((key) => results.get(key)).filter((result): result is ClientRunResult => !!result);
    for (const sender of members) {
      const moves = sender.sends.length / STRIDE;
      const worst = new Float64Array(moves);
      const seenBy = new Uint16Array(moves);
      for (const receiver of members) {
        if (receiver === sender) continue;
        const seen = receiver.receipts.get(sender.clientId);
        if (!seen) continue;
        let at = 0;
        for (let move = 0; move < moves; move++) {
          const endClock = sender.sends[move * STRIDE + 1];
          while (at < seen.length && seen[at] < endClock) at += 2;
          if (at >= seen.length) break;
          const latency = seen[at + 1] - sender.sends[move * STRIDE + 2];
          seenBy[move]++;
          if (latency > worst[move]) worst[move] = latency;
          if (sender.sends[move * STRIDE + 3] === 1) {
            out.eachSeen.push(latency);
            out.deliveries++;
          }
        }
      }
      for (let move = 0; move < moves; move++) {
        if (sender.sends[move * STRIDE + 3] !== 1) continue;
        out.measuredMoves++;
        if (seenBy[move] !== members.length - 1) {
          out.incomplete++;
          continue;
        }
        out.allSeen.push(worst[move]);
        const receipt = server?.get(`${sender.clientId}:${sender.sends[move * STRIDE]}`);
        if (receipt !== undefined) {
          const upstream = receipt.received - sender.sends[move * STRIDE + 2];
          out.inServer.push(receipt.handled - receipt.received);
          out.upstream.push(upstream);
          out.downstream.push(worst[move] - upstream);
        }
      }
    }
  }
  return out;
}

/** Per Yjs client: flat [clock, time], what each commit in PostgreSQL covered of it (its state after the batch), in commit order. */
export type Commits = Map<number, number[]>;

/** Per measured move: local edit → the end of the commit in PostgreSQL that covered it (ms); moves never committed are left out. */
export function editToCommit(results: Iterable<ClientRunResult>, commits: Commits): number[] {
  const out: number[] = [];
  for (const sender of results) {
    const covered = commits.get(sender.clientId);
    if (!covered) continue;
    let at = 0;
    for (let move = 0; move < sender.sends.length / STRIDE; move++) {
      const endClock = sender.sends[move * STRIDE + 1];
      while (at < covered.length && covered[at] < endClock) at += 2;
      if (at >= covered.length) break;
      if (sender.sends[move * STRIDE + 3] === 1) out.push(covered[at + 1] - sender.sends[move * STRIDE + 2]);
    }
  }
  return out;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number, digits = 1) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');
export const pad = (value: string, width: number) => value.padStart(width);
