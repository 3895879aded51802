/**
 * Keeps a trip's legs current (docs/architecture.md#derived-road-data-legs). After a change to a trip's stops it
 * waits for the edits to settle (debounced per trip), works out which consecutive located stops lack a
 * leg for their current positions, writes cached answers and the embedded estimate at once (so every
 * member sees drive times immediately), then asks the routing provider for the rest, one throttled call
 * at a time, writing its answers as they come. A pair the provider could not answer keeps the estimate
 * (or its stale cached answer) and is asked again after a growing pause; a cached answer too old to trust
 * (ROAD_LEG_MAX_AGE_MS) is shown at once and asked again like a missing one. Each write re-reads the stop list
 * (legWrites.ts).
 */
import type * as Y from 'yjs';
import { legPairs, legMatches, legPoint, orderedStops, type DocStop, type DriveLeg } from '@caravan/shared';
import type { Logger } from '../lib/logger.ts';
import { estimatedLeg } from '../routing/greatCircleLegRouter.ts';
import type { LegEnds, LegRouter, RoadLeg } from '../routing/index.ts';
import { legsTidy, writeLegs } from './legWrites.ts';

/** Edits of a drag or a burst of adds arrive over a few hundred ms: compute once they settle. */
export const LEG_DEBOUNCE_MS = 250;
/** Provider answers gathered this long are written together: one commit per second at most, not per leg. */
const WRITE_EVERY_MS = 1000;
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 10 * 60_000;

/** Where the keeper reads a trip's document and writes legs into it: the REST hub, or a collab room. */
export interface LegDocWriter {
  /** The trip's current document, or null when this process does not hold it (nothing to do then). */
  doc(tripId: string): Promise<Y.Doc | null>;
  /** Runs `change` as one server-origin transaction on the trip's document and persists it. */
  write(tripId: string, change: (doc: Y.Doc) => void): Promise<void>;
}

type Pair = { from: DocStop; to: DocStop };

export class LegKeeper {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private readonly legsToCheck = new Map<string, Set<string>>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** Pairs the provider failed, by pairKey: when to ask again and the pause after that. */
  private readonly retries = new Map<string, { at: number; pauseMs: number }>();
  /** Pairs whose leg is a cached answer older than ROAD_LEG_MAX_AGE_MS, by pairKey: asked again until the provider answers. */
  private readonly staleLegs = new Set<string>();
  private stopped = false;
  private readonly debounceMs: number;
  private readonly retryFirstMs: number;

  constructor(
    private readonly writer: LegDocWriter,
    private readonly router: Pick<LegRouter, 'provider' | 'cached' | 'route'>,
    private readonly logger: Logger,
    { debounceMs = LEG_DEBOUNCE_MS, retryFirstMs = RETRY_FIRST_MS }: { debounceMs?: number; retryFirstMs?: number } = {},
  ) {
    this.debounceMs = debounceMs;
    this.retryFirstMs = retryFirstMs;
  }

  /**
   * A trip's stops may have changed: (re)compute its legs once the edits settle. `legsToCheck`: stops whose
   * leg a member wrote back (an Undo restoring a deleted stop); they are computed again whatever they hold.
   */
  schedule(tripId: string, legsToCheck: readonly string[] = []): void {
    if (legsToCheck.length) {
      const pending = this.legsToCheck.get(tripId) ?? new Set<string>();
      for (const id of legsToCheck) pending.add(id);
      this.legsToCheck.set(tripId, pending);
    }
    this.startLater(this.timers, tripId, this.debounceMs);
  }

  private startLater(timers: Map<string, NodeJS.Timeout>, tripId: string, delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(timers.get(tripId));
    const timer = setTimeout(() => {
      timers.delete(tripId);
      this.start(tripId);
    }, delayMs);
    timer.unref();
    timers.set(tripId, timer);
  }

  /** Resolves when no change waits for its legs (tests); retries of a failed provider are not waited for. */
  async idle(): Promise<void> {
    while (this.timers.size || this.running.size) {
      await Promise.all([...this.running.values()]);
      if (this.timers.size) await new Promise((resolve) => setTimeout(resolve, this.debounceMs));
    }
  }

  /**
   * Like idle(), without waiting out the debounce (tests that only need the legs in place): a trip whose
   * edits are still settling has its legs computed now, as they would be a moment later.
   */
  async settle(): Promise<void> {
    while (this.timers.size || this.running.size) {
      for (const [tripId, timer] of this.timers) {
        clearTimeout(timer);
        this.timers.delete(tripId);
        this.start(tripId);
      }
      await Promise.all([...this.running.values()]);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [...this.timers.values(), ...this.retryTimers.values()]) clearTimeout(timer);
    this.timers.clear();
    this.retryTimers.clear();
    await Promise.all([...this.running.values()]);
  }

  private start(tripId: string): void {
    if (this.running.has(tripId)) {
      this.again.add(tripId);
      return;
    }
    const job = this.keep(tripId)
      .catch((error) => this.logger.warn({ err: error, tripId }, 'computing drive legs failed'))
      .finally(() => {
        this.running.delete(tripId);
        if (this.again.delete(tripId)) this.start(tripId);
      });
    this.running.set(tripId, job);
  }

  private async keep(tripId: string): Promise<void> {
    const doc = await this.writer.doc(tripId);
    if (!doc) return;
    const stops = orderedStops(doc);
    const untrusted = this.legsToCheck.get(tripId) ?? new Set<string>();
    this.legsToCheck.delete(tripId);
    const pairs = legPairs(stops);
    const wanted = pairs.filter((pair) => untrusted.has(pair.to.id) || this.wantsLeg(pair));
    const nextRetryMs = this.nextRetryMs(pairs);
    if (!wanted.length) {
      if (!legsTidy(stops)) await this.writer.write(tripId, (current) => writeLegs(current, []));
      if (nextRetryMs !== Number.POSITIVE_INFINITY) this.startLater(this.retryTimers, tripId, nextRetryMs);
      return;
    }
    // At once: what the cache knows (a stale answer too: nearer the road than the estimate), else the estimate,
    // so nobody waits on the provider to see a drive time.
    const cached = await this.router.cached(wanted.map(ends));
    const first = wanted.map((pair, index) => driveLeg(pair, cached[index] ?? estimatedLeg(pair)));
    await this.writer.write(tripId, (current) => writeLegs(current, first));
    wanted.forEach((pair, index) => {
      if (cached[index]?.stale) this.staleLegs.add(pairKey(pair));
      else this.staleLegs.delete(pairKey(pair));
    });
    const ask = wanted.filter(
      (pair, index) => (!cached[index] || cached[index].stale) && this.router.provider !== 'great-circle' && this.retryDue(pair),
    );
    await this.askProvider(tripId, ask, nextRetryMs);
  }

  /**
   * Asks the provider pair by pair (it throttles), writing its answers about once a second, then comes back
   * when the first failed pair is due again (`retryInMs`: already waiting pairs).
   */
  private async askProvider(tripId: string, pairs: Pair[], retryInMs: number): Promise<void> {
    let answers: DriveLeg[] = [];
    let lastWrite = performance.now();
    for (const pair of pairs) {
      if (this.stopped || !(await this.stillWanted(tripId, pair))) continue;
      const leg = await this.router.route(ends(pair));
      if (leg.fellBack) {
        retryInMs = Math.min(retryInMs, this.noteFailure(pair));
        continue;
      }
      this.retries.delete(pairKey(pair));
      this.staleLegs.delete(pairKey(pair));
      answers.push(driveLeg(pair, leg));
      if (answers.length && performance.now() - lastWrite >= WRITE_EVERY_MS) {
        const batch = answers;
        answers = [];
        lastWrite = performance.now();
        await this.writer.write(tripId, (doc) => writeLegs(doc, batch));
      }
    }
    if (answers.length) await this.writer.write(tripId, (doc) => writeLegs(doc, answers));
    if (retryInMs !== Number.POSITIVE_INFINITY) this.startLater(this.retryTimers, tripId, retryInMs);
  }

  /**
   * A pair needs a leg unless it holds one for its current positions; an estimate or a stale cached answer
   * standing in for a failed provider is asked again once its retry is due. (A road leg stays when OSRM is
   * turned off: it is still right.)
   */
  private wantsLeg(pair: Pair): boolean {
    if (!legMatches(pair.to.driveLeg, pair.from, pair.to)) return true;
    return this.standsIn(pair) && this.retryDue(pair);
  }

  /** The pair shows the estimate or a stale cached answer in place of the provider's. */
  private standsIn({ from, to }: Pair): boolean {
    return (to.driveLeg?.source === 'great-circle' && this.router.provider === 'osrm') || this.staleLegs.has(pairKey({ from, to }));
  }

  /**
   * How long until the first stand-in pair whose pause has not yet passed is due. A retry timer runs on the
   * event loop's clock and can fire a few ms before Date.now() reaches the pair's time (more on a busy loop):
   * without coming back then, such a pair would wait for the next edit of the trip.
   */
  private nextRetryMs(pairs: Pair[]): number {
    const now = Date.now();
    const waits = pairs
      .filter((pair) => legMatches(pair.to.driveLeg, pair.from, pair.to) && this.standsIn(pair))
      .map((pair) => (this.retries.get(pairKey(pair))?.at ?? 0) - now)
      .filter((wait) => wait > 0);
    return Math.min(Number.POSITIVE_INFINITY, ...waits);
  }

  private async stillWanted(tripId: string, pair: Pair): Promise<boolean> {
    const doc = await this.writer.doc(tripId);
    if (!doc) return false;
    return legPairs(orderedStops(doc)).some(({ from, to }) => from.id === pair.from.id && to.id === pair.to.id && this.wantsLeg({ from, to }));
  }

  private retryDue(pair: Pair): boolean {
    return (this.retries.get(pairKey(pair))?.at ?? 0) <= Date.now();
  }

  /** The pair is asked again after a pause that doubles each time, up to RETRY_MAX_MS; returns the pause. */
  private noteFailure(pair: Pair): number {
    const previous = this.retries.get(pairKey(pair));
    const pauseMs = previous ? Math.min(RETRY_MAX_MS, previous.pauseMs * 2) : this.retryFirstMs;
    this.retries.set(pairKey(pair), { at: Date.now() + pauseMs, pauseMs });
    return pauseMs;
  }
}

const ends = ({ from, to }: Pair): LegEnds => ({ from, to });
const pairKey = ({ from, to }: Pair) => `${legPoint(from).join(',')};${legPoint(to).join(',')}`;

function driveLeg({ from, to }: Pair, leg: RoadLeg): DriveLeg {
  return {
    fromStopId: from.id,
    from: legPoint(from),
    to: legPoint(to),
    minutes: leg.minutes,
    distanceKm: leg.distanceKm,
    source: leg.source,
    geometry: leg.geometry,
  };
}
