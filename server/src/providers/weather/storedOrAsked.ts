/**
 * A kind of answer for many places: the stored one while it is younger than `maxAgeMs`, else asked of the provider
 * in batches (one request for up to `batchSize` places), stored, and returned. A place already being asked by
 * another call waits for that request instead of asking again. When the provider does not answer, an older stored
 * answer still serves; a place with none has no answer (the caller shows none).
 */
import type { DataSource } from 'typeorm';
import { skippedWhileDown, type Logger } from '@caravan/engine';
import { placeKey, type WeatherPlace } from './weatherPlace.ts';
import { readStoredAnswers, storeAnswers, type StoredAnswer, type WeatherAnswerKind } from './weatherStore.ts';

export interface AnswerSource<T> {
  kind: WeatherAnswerKind;
  maxAgeMs: number;
  batchSize: number;
  /** Absent when no provider is set: only stored answers serve. */
  ask?: (places: WeatherPlace[]) => Promise<T[]>;
}

type Pending = Map<string, Promise<StoredAnswer<unknown> | null>>;

export function storedOrAsked(dataSource: DataSource, logger: Pick<Logger, 'warn'> | undefined, now: () => number) {
  const pending: Pending = new Map();

  async function askBatch<T>(source: AnswerSource<T>, places: WeatherPlace[]): Promise<Map<string, StoredAnswer<T>>> {
    const fetchedAtMs = now();
    try {
      const answers = await source.ask!(places);
      const given = places.map((place, index) => ({ place, answer: answers[index] }));
      await storeAnswers(dataSource, source.kind, given, fetchedAtMs);
      return new Map(given.map(({ place, answer }) => [placeKey(place), { fetchedAtMs, answer }]));
    } catch (error) {
      if (!skippedWhileDown(error)) logger?.warn({ err: error, kind: source.kind, places: places.length }, 'the weather provider did not answer: stored or no weather shows');
      return new Map();
    }
  }

  return async function answersFor<T>(source: AnswerSource<T>, places: readonly WeatherPlace[]): Promise<Map<string, StoredAnswer<T>>> {
    const stored = await readStoredAnswers<T>(dataSource, source.kind, places);
    const found = new Map<string, StoredAnswer<T>>();
    const toAsk: WeatherPlace[] = [];
    const waits: Array<Promise<void>> = [];
    for (const place of places) {
      const key = placeKey(place);
      const kept = stored.get(key);
      if (kept && now() - kept.fetchedAtMs < source.maxAgeMs) {
        found.set(key, kept);
        continue;
      }
      if (kept) found.set(key, kept);
      if (!source.ask) continue;
      const asked = pending.get(`${source.kind}:${key}`) as Promise<StoredAnswer<T> | null> | undefined;
      if (asked) waits.push(asked.then((answer) => void (answer && found.set(key, answer))));
      else toAsk.push(place);
    }
    for (let start = 0; start < toAsk.length; start += source.batchSize) {
      const batch = toAsk.slice(start, start + source.batchSize);
      const asking = askBatch(source, batch);
      for (const place of batch) {
        const pendingKey = `${source.kind}:${placeKey(place)}`;
        const answer = asking.then((answers) => answers.get(placeKey(place)) ?? null);
        pending.set(pendingKey, answer);
        void answer.finally(() => pending.get(pendingKey) === answer && pending.delete(pendingKey));
        waits.push(answer.then((given) => void (given && found.set(placeKey(place), given))));
      }
    }
    await Promise.all(waits);
    return found;
  };
}
