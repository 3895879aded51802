/**
 * What one connection and one trip may send the collab server (docs/architecture.md#where-each-rule-lives), counted
 * with rate-limiter-flexible in this process's memory: every message costs a point, plus one per 4 KB, so a flood
 * of tiny updates and a few huge ones are both bounded; what the server sends back in answer (the whole document
 * for a sync step 1) is charged to the sender's connection by its size too, so asking is not cheaper than sending.
 * Each budget has a steady rate and a burst on top (an offline client's catch-up is one message of up to 1 MB:
 * 257 points). A message over budget waits; a connection that runs out of its own budget again and again within a
 * few seconds is over it for good ("sustained"): it is closed, and its member's joins of that trip are refused for
 * `COLLAB_LIMITS.rateLimitedPauseMs`.
 */
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { COLLAB_LIMITS } from '@caravan/shared';

interface Budget {
  /** Points per `duration` seconds, sustained. */
  points: number;
  duration: number;
  /** Points per `burstDuration` seconds that a sender may take on top, once the steady points are spent. */
  burstPoints: number;
  burstDuration: number;
}

export interface InboundBudgets {
  /** One socket: a drag sends dozens of updates a second, typing a few; 200 leaves room for both at once. */
  connection: Budget;
  /** All of one trip's sockets on this process: 100 members moving a stop every 200 ms send 500 a second. */
  trip: Budget;
  /** A connection that ran out of its own budget more than `points` times in `duration` s is closed. */
  strikes: { points: number; duration: number };
  bytesPerPoint: number;
}

export const INBOUND_BUDGETS: InboundBudgets = {
  // The burst holds two full catch-ups (1 MB each: 257 points) beside a drag; a flood spends it in a second.
  connection: { points: 200, duration: 1, burstPoints: 600, burstDuration: 10 },
  trip: { points: 1000, duration: 1, burstPoints: 5000, burstDuration: 10 },
  // A flood strikes about once a second once its burst is spent: closed after ~3 s instead of ~5.
  strikes: { points: 2, duration: 10 },
  bytesPerPoint: 4096,
};

export type Admission = { ok: true } | { ok: false; waitMs: number; sustained: boolean };

/** Who sent a message: budgets are per connection and per trip; refusals after a close are per member and trip. */
export interface Sender {
  connectionId: string;
  tripId: string;
  userId: number;
}

export class InboundLimits {
  private readonly connections: BurstyRateLimiter;
  private readonly trips: BurstyRateLimiter;
  private readonly strikes: RateLimiterMemory;

  constructor(private readonly budgets: InboundBudgets = INBOUND_BUDGETS) {
    this.connections = bursty('connection', budgets.connection);
    this.trips = bursty('trip', budgets.trip);
    this.strikes = new RateLimiterMemory({
      keyPrefix: 'strikes',
      points: budgets.strikes.points,
      duration: budgets.strikes.duration,
      // The member's key stays blocked this long after its connection was closed (see `isRefused`).
      blockDuration: COLLAB_LIMITS.rateLimitedPauseMs / 1000,
    });
  }

  cost(bytes: number): number {
    return 1 + Math.floor(bytes / this.budgets.bytesPerPoint);
  }

  /**
   * Whether `sender` may have a message of `bytes` handled now. The connection's own budget is asked first, so
   * a flood runs out of it (a strike) before it can spend the trip's; a message the trip refuses waits without
   * a strike (the trip is busy, perhaps not because of this sender) and is charged to the connection again.
   */
  async admit(sender: Sender, bytes: number): Promise<Admission> {
    const points = this.cost(bytes);
    try {
      await this.connections.consume(sender.connectionId, points);
    } catch (refusal) {
      const strike = await this.strikes.consume(memberKey(sender)).then(
        () => false,
        (error: unknown) => rethrowUnlessRefusal(error, true),
      );
      return { ok: false, waitMs: rethrowUnlessRefusal(refusal, waitOf(refusal)), sustained: strike };
    }
    try {
      await this.trips.consume(sender.tripId, points);
    } catch (refusal) {
      return { ok: false, waitMs: rethrowUnlessRefusal(refusal, waitOf(refusal)), sustained: false };
    }
    return { ok: true };
  }

  /**
   * Charges `bytes` the server sent in answer to `sender`'s message to the connection's own budget (not the trip's:
   * the other members did not ask for them). Never refused: the connection's next messages wait for the points.
   */
  async charge(sender: Sender, bytes: number): Promise<void> {
    await this.connections.consume(sender.connectionId, this.cost(bytes)).catch((refusal: unknown) => rethrowUnlessRefusal(refusal, null));
  }

  /** How long the member's joins of the trip are still refused after a `rateLimited` close (0: not refused). */
  async refusedForMs(sender: Omit<Sender, 'connectionId'>): Promise<number> {
    const record = await this.strikes.get(memberKey(sender));
    return record !== null && record.consumedPoints > this.budgets.strikes.points ? record.msBeforeNext : 0;
  }
}

function bursty(name: string, budget: Budget): BurstyRateLimiter {
  return new BurstyRateLimiter(
    new RateLimiterMemory({ keyPrefix: name, points: budget.points, duration: budget.duration }),
    new RateLimiterMemory({ keyPrefix: `${name}-burst`, points: budget.burstPoints, duration: budget.burstDuration }),
  );
}

const memberKey = (sender: Omit<Sender, 'connectionId'>) => `${sender.userId}:${sender.tripId}`;

const waitOf = (refusal: unknown) => Math.max(1, (refusal as RateLimiterRes).msBeforeNext);

/** rate-limiter-flexible rejects with a RateLimiterRes when over budget; anything else is a real error. */
function rethrowUnlessRefusal<T>(error: unknown, value: T): T {
  if (error instanceof RateLimiterRes) return value;
  throw error;
}
