/** CPU use while bench:collab measures: the whole machine's (from /proc/stat) and its embedded PostgreSQL's. */
import fs from 'node:fs';
import { cpuMs, postgresPids } from '../processes.ts';

export interface CpuSnapshot {
  /** Machine-wide clock ticks, busy and in all. */
  busy: number;
  total: number;
  /** CPU ms used so far by this bench's PostgreSQL processes (other work may run PostgreSQL too). */
  postgresMs: number;
}

/** Snapshots of the machine and of the PostgreSQL cluster in `dataDir`. */
export function cpuSampler(dataDir: string): () => CpuSnapshot {
  return () => {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = fields[3] + (fields[4] ?? 0);
    const postgresMs = postgresPids(dataDir).reduce((sum, pid) => sum + cpuMs(pid), 0);
    return { busy: total - idle, total, postgresMs };
  };
}

/** Busy share of the whole machine between two snapshots (100 % = every CPU). */
export const machineBusyPct = (before: CpuSnapshot, after: CpuSnapshot) => ((after.busy - before.busy) / (after.total - before.total)) * 100;
