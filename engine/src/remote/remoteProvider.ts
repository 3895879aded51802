/**
 * One remote provider as the adapters ask it: a `fetch` that carries the identifying User-Agent, waits its turn in
 * the provider's request queue (when it has one) and, when `gated`, skips a provider known to be down (its call
 * falls back at once) and learns from every answer whether it is (ProviderGate). `check` is the start's
 * reachability check: any HTTP answer but 429 and 5xx means it answers.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../lib/logger.ts';
import { createKeptAnswers, type KeptAnswers } from './keptAnswers.ts';
import { ProviderGate, retryAfterMs, type ProviderState } from './providerGate.ts';
import type { RequestQueue } from './requestQueue.ts';

/** How long the start's check waits for a provider: all are checked at once, so start waits this at most. */
export const CHECK_TIMEOUT_MS = 1200;

/** Answers that say the provider is down or wants us to back off, rather than that this one request went wrong. */
const BACK_OFF_STATUSES = new Set([429, 502, 503, 504]);

export interface RemoteProviderOptions {
  /** Its name in log lines and errors ("Photon"). */
  label: string;
  url: string;
  /** A cheap request that says whether it answers. */
  checkUrl: string;
  userAgent: string;
  /** Skip it while down (PROVIDERS=auto); otherwise every call asks it, as a URL set with PROVIDERS=offline is. */
  gated: boolean;
  queue?: RequestQueue;
  /** Where its answers are kept for every process (`keptAnswers`); without it, in this process's memory. */
  db?: DataSource | Promise<DataSource>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Told when a gated provider goes down or comes back (once each, not per call). */
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export interface RemoteProvider {
  readonly label: string;
  readonly url: string;
  readonly fetch: typeof fetch;
  /** 'unknown' until checked or asked; never 'down' when not gated. */
  state(): ProviderState;
  /** Its answers of one kind ("Photon"), kept up to `keepMs` (./keptAnswers.ts). */
  keptAnswers<T>(kind: string, keepMs: number, maxEntries: number): KeptAnswers<T>;
  /** Asks `checkUrl` and records the outcome; logs it. */
  check(logger?: Pick<Logger, 'info' | 'warn'>, timeoutMs?: number): Promise<ProviderState>;
}

/** A call not made: the provider is down and not yet due to be asked again. */
export class ProviderDownError extends Error {}

/** Whether a call failed (directly or as the cause of an adapter's error) because its provider was known down: logged once already. */
export const skippedWhileDown = (error: unknown): boolean =>
  error instanceof ProviderDownError || (error instanceof Error && error.cause instanceof ProviderDownError);

/** Resolves with `promise`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createRemoteProvider(options: RemoteProviderOptions): RemoteProvider {
  const { label, userAgent, queue } = options;
  const baseFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const gate = new ProviderGate(now);
  const origin = new URL(options.url).origin;

  /** The gate's judgement of an answer, or of no answer (`response` undefined). */
  function judge(response: Response | undefined) {
    if (!response) gate.failed();
    else if (BACK_OFF_STATUSES.has(response.status)) {
      gate.failed(response.status === 429 || response.status === 503 ? retryAfterMs(response.headers.get('retry-after'), now()) : undefined);
    } else gate.succeeded();
  }

  /** Judges a call's outcome, and logs when it takes the provider down or brings it back (once, not per call). */
  function record(response: Response | undefined, reason?: unknown) {
    const before = gate.state;
    judge(response);
    if (!options.gated || before === gate.state || (before === 'unknown' && gate.state === 'up')) return;
    if (gate.state === 'down') {
      const why = response ? `answered ${response.status}` : 'did not answer';
      options.logger?.warn({ provider: label, url: origin, err: reason, retryAt: new Date(gate.retryAt).toISOString() }, `${label} ${why}: its offline stand-in answers until it is asked again`);
    } else options.logger?.info({ provider: label, url: origin }, `${label} answers again`);
  }

  const identified = (init: RequestInit = {}): RequestInit => {
    const headers = new Headers(init.headers);
    headers.set('user-agent', userAgent);
    return { ...init, headers };
  };

  const providerFetch: typeof fetch = async (input, init) => {
    if (options.gated && !gate.admit()) {
      throw new ProviderDownError(`${label} is down (asked again from ${new Date(gate.retryAt).toISOString()})`);
    }
    if (queue) {
      try {
        await untilAborted(queue.take(), init?.signal);
      } catch (error) {
        // Our own queue, not the provider: no judgement on it.
        gate.release();
        throw error;
      }
    }
    let response: Response;
    try {
      response = await baseFetch(input, identified(init));
    } catch (error) {
      record(undefined, error);
      throw error;
    }
    record(response);
    // Too many requests from the whole deployment: every process holds off (its pace is shared), not only this one,
    // from before the caller hears of it.
    if (response.status === 429 && options.gated && queue) {
      await queue.holdOff(gate.retryAt - now()).catch((error) => options.logger?.warn({ provider: label, err: error }, `holding ${label} off failed`));
    }
    return response;
  };

  return {
    label,
    url: options.url,
    fetch: providerFetch,
    state: () => (options.gated ? gate.state : gate.state === 'down' ? 'unknown' : gate.state),
    keptAnswers: (kind, keepMs, maxEntries) => createKeptAnswers({ name: kind, keepMs, maxEntries, db: options.db, now }),
    async check(logger, timeoutMs = CHECK_TIMEOUT_MS) {
      try {
        const response = await baseFetch(options.checkUrl, identified({ signal: AbortSignal.timeout(timeoutMs) }));
        await response.body?.cancel();
        judge(response);
        if (gate.state === 'down') logger?.warn({ provider: label, url: origin, status: response.status }, `${label} answered ${response.status}: its offline stand-in answers until it recovers`);
      } catch (error) {
        judge(undefined);
        logger?.warn({ provider: label, url: origin, err: error }, `${label} cannot be reached: its offline stand-in answers until it can`);
      }
      if (gate.state === 'up') logger?.info({ provider: label, url: origin }, `${label} answers`);
      return gate.state;
    },
  };
}
