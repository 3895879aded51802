/**
 * What one connection, one member, one account and one trip may send the collab server
 * (docs/architecture.md#where-each-rule-lives), counted with rate-limiter-flexible in this process's memory: every
 * message costs a point, plus one per 4 KB, so a flood of tiny updates and a few huge ones are both bounded; what
 * the server sends back in answer (the whole document for a sync step 1) is charged to the sender too, by its size,
 * so asking is not cheaper than sending. Each budget has a steady rate and a burst on top (an offline client's
 * catch-up is one message of up to 1 MB: 257 points). A message over budget waits. A member whose socket runs out
 * of its own budget, or whose sockets together run out of the member's, again and again within a few seconds is
 * over it for good ("sustained"): each of the member's sockets on the trip is closed at its next message, and the
 * member's joins of that trip are refused for `COLLAB_LIMITS.rateLimitedPauseMs`. The same for an account whose
 * sockets on all its trips together run out of the account's budget: all its sockets, every trip. Only the trip's
 * budget never strikes (a busy trip is not one sender's doing): it keeps what one process applies, persists and
 * fans out for a trip within what it can do while serving every other trip.
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
  /**
   * All of one member's sockets on one trip (tabs, devices): one person drags in one tab at a time, and two tabs'
   * catch-ups fit in the burst; ten sockets of one member get what one socket gets, so they run out ten times sooner.
   */
  member: Budget;
  /** All of one account's sockets, whatever the trip: twice a member's, so the account's 40 sockets on 20 trips are one sender. */
  account: Budget;
  /** All of one trip's sockets on this process: 100 members moving a stop every 200 ms send 500 a second. */
  trip: Budget;
  /** A member (or account) that ran out of a budget of its own more than `points` times in `duration` s is closed. */
  strikes: { points: number; duration: number };
  bytesPerPoint: number;
}

export const INBOUND_BUDGETS: InboundBudgets = {
  // The burst holds two full catch-ups (1 MB each: 257 points) beside a drag; a flood spends it in a second.
  connection: { points: 200, duration: 1, burstPoints: 600, burstDuration: 10 },
  // Bursts over 30 s, longer than the pause after a close: a member back from one has no burst left to flood with.
  member: { points: 200, duration: 1, burstPoints: 600, burstDuration: 30 },
  account: { points: 400, duration: 1, burstPoints: 1200, burstDuration: 30 },
  // 500 moves a second is what 100 members dragging send; renames cost the server more than moves (each is an
  // activity entry too), and a burst of 5,000 let ten flooders keep this process busy for seconds.
  trip: { points: 1000, duration: 1, burstPoints: 1000, burstDuration: 10 },
  // A flood strikes about once a second once its burst is spent: closed after ~3 s instead of ~5; ten sockets of
  // one member strike at once, and are closed as soon as the member's budget is spent.
  strikes: { points: 2, duration: 10 },
  bytesPerPoint: 4096,
};

export type Admission = { ok: true } | { ok: false; waitMs: number; sustained: boolean };

/** Who sent a message: budgets are per connection, member (user and trip), account and trip; so are refusals after a close. */
export interface Sender {
  connectionId: string;
  tripId: string;
  userId: number;
}

type Offender = Omit<Sender, 'connectionId'>;

export class InboundLimits {
  private readonly connections: BurstyRateLimiter;
  private readonly members: BurstyRateLimiter;
  private readonly accounts: BurstyRateLimiter;
  private readonly trips: BurstyRateLimiter;
  private readonly strikes: RateLimiterMemory;
  /** Member and account keys over budget for good, until when (ms since the epoch): their next messages close their sockets. */
  private readonly closedUntil = new Map<string, number>();

  constructor(
    private readonly budgets: InboundBudgets = INBOUND_BUDGETS,
    private readonly now: () => number = Date.now,
  ) {
    this.connections = bursty('connection', budgets.connection);
    this.members = bursty('member', budgets.member);
    this.accounts = bursty('account', budgets.account);
    this.trips = bursty('trip', budgets.trip);
    this.strikes = new RateLimiterMemory({
      keyPrefix: 'strikes',
      points: budgets.strikes.points,
      duration: budgets.strikes.duration,
      // The member's (or account's) key stays blocked this long after its sockets were closed (see `refusedForMs`).
      blockDuration: COLLAB_LIMITS.rateLimitedPauseMs / 1000,
    });
  }

  cost(bytes: number): number {
    return 1 + Math.floor(bytes / this.budgets.bytesPerPoint);
  }

  /**
   * Whether `sender` may have a message of `bytes` handled now. The sender's own budgets are asked first (the
   * connection's, the member's on the trip, the account's), so a flood runs out of them (a strike) before it can
   * spend the trip's; a message the trip refuses waits without a strike (the trip is busy, perhaps not because of
   * this sender) and is charged to the sender's budgets again. A sender whose member or account is already over
   * budget for good is refused as sustained at once: a flood from ten sockets is closed on all ten.
   */
  async admit(sender: Sender, bytes: number): Promise<Admission> {
    if (this.isClosed(memberKey(sender)) || this.isClosed(accountKey(sender))) return { ok: false, waitMs: 1, sustained: true };
    const points = this.cost(bytes);
    const own: Array<[BurstyRateLimiter, string, string]> = [
      [this.connections, sender.connectionId, memberKey(sender)],
      [this.members, memberKey(sender), memberKey(sender)],
      [this.accounts, accountKey(sender), accountKey(sender)],
    ];
    for (const [limiter, key, offender] of own) {
      try {
        await limiter.consume(key, points);
      } catch (refusal) {
        const waitMs = rethrowUnlessRefusal(refusal, waitOf(refusal));
        return { ok: false, waitMs, sustained: await this.strike(offender) };
      }
    }
    try {
      await this.trips.consume(sender.tripId, points);
    } catch (refusal) {
      return { ok: false, waitMs: rethrowUnlessRefusal(refusal, waitOf(refusal)), sustained: false };
    }
    return { ok: true };
  }

  /**
   * Charges `bytes` the server sent in answer to `sender`'s message to the sender's own budgets (not the trip's:
   * the other members did not ask for them). Never refused: the sender's next messages wait for the points.
   */
  async charge(sender: Sender, bytes: number): Promise<void> {
    const points = this.cost(bytes);
    const ignoreRefusal = (refusal: unknown) => rethrowUnlessRefusal(refusal, null);
    await Promise.all([
      this.connections.consume(sender.connectionId, points).catch(ignoreRefusal),
      this.members.consume(memberKey(sender), points).catch(ignoreRefusal),
      this.accounts.consume(accountKey(sender), points).catch(ignoreRefusal),
    ]);
  }

  /** How long the member's joins of the trip are still refused after a `rateLimited` close of theirs or of their account (0: not refused). */
  async refusedForMs(sender: Offender): Promise<number> {
    const blocked = async (key: string) => {
      const record = await this.strikes.get(key);
      return record !== null && record.consumedPoints > this.budgets.strikes.points ? record.msBeforeNext : 0;
    };
    return Math.max(await blocked(memberKey(sender)), await blocked(accountKey(sender)));
  }

  /** Counts a strike against `key`; true when that makes it over budget for good. */
  private async strike(key: string): Promise<boolean> {
    const sustained = await this.strikes.consume(key).then(
      () => false,
      (error: unknown) => rethrowUnlessRefusal(error, true),
    );
    if (sustained) this.close(key);
    return sustained;
  }

  private close(key: string): void {
    const now = this.now();
    for (const [closed, until] of this.closedUntil) if (until <= now) this.closedUntil.delete(closed);
    this.closedUntil.set(key, now + COLLAB_LIMITS.rateLimitedPauseMs);
  }

  private isClosed(key: string): boolean {
    if (this.closedUntil.size === 0) return false;
    const until = this.closedUntil.get(key);
    return until !== undefined && until > this.now();
  }
}

function bursty(name: string, budget: Budget): BurstyRateLimiter {
  return new BurstyRateLimiter(
    new RateLimiterMemory({ keyPrefix: name, points: budget.points, duration: budget.duration }),
    new RateLimiterMemory({ keyPrefix: `${name}-burst`, points: budget.burstPoints, duration: budget.burstDuration }),
  );
}

const memberKey = (sender: Offender) => `${sender.userId}:${sender.tripId}`;
const accountKey = (sender: Offender) => `account:${sender.userId}`;

const waitOf = (refusal: unknown) => Math.max(1, (refusal as RateLimiterRes).msBeforeNext);

/** rate-limiter-flexible rejects with a RateLimiterRes when over budget; anything else is a real error. */
function rethrowUnlessRefusal<T>(error: unknown, value: T): T {
  if (error instanceof RateLimiterRes) return value;
  throw error;
}
