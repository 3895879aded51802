/**
 * Group commit for the fast path of collab writes: appends that arrive while a group's statement is in flight
 * wait and go out together in the next one (`appendManyIfCurrent`), as PostgreSQL groups WAL flushes. A quiet
 * server sends each append alone and at once; a busy one commits many trips per transaction. A group holds at
 * most one append per trip: the hub runs each trip's work one step at a time.
 */
import type { DataSource } from 'typeorm';
import { appendManyIfCurrent, type CurrentAppend } from './tripDocLog.ts';

interface Waiting {
  append: CurrentAppend;
  resolve: (id: bigint | null) => void;
  reject: (error: unknown) => void;
}

export class AppendGroup {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly dataSource: DataSource) {}

  /** The trip's new log id once committed; null when the trip's log had moved on (nothing written). */
  append(append: CurrentAppend): Promise<bigint | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.waiting.length) {
      const group = this.waiting;
      this.waiting = [];
      await this.commit(group);
    }
    this.flushing = false;
  }

  private async commit(group: Waiting[]): Promise<void> {
    try {
      const ids = await appendManyIfCurrent(this.dataSource, group.map((entry) => entry.append));
      for (const entry of group) entry.resolve(ids.get(entry.append.tripId) ?? null);
    } catch (error) {
      if (group.length === 1) return group[0].reject(error);
      // One trip's bad batch must not fail the others': each goes again on its own.
      for (const entry of group) await this.commit([entry]);
    }
  }
}
