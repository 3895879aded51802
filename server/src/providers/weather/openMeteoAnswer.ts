/**
 * Reading Open-Meteo's JSON: one place answers an object, several an array in the order asked; each holds its
 * series as parallel arrays under `daily` (and `hourly`), `time` first, a missing value as null. An answer of
 * another shape, or an error object ({ error: true, reason }), is refused as a whole.
 */
export type Series = Array<number | null>;

export interface SeriesBlock {
  time: string[];
  [variable: string]: unknown;
}

export interface PlaceAnswer {
  daily: SeriesBlock;
  hourly?: SeriesBlock;
}

/** How the adapters reach the provider: its base URL and the fetch that carries the remote's rules. */
export interface OpenMeteoAsk {
  url: string;
  fetch: typeof fetch;
  /** Each request's budget; a slow provider falls back rather than hold the page. */
  timeoutMs: number;
}

export class WeatherAnswerError extends Error {}

const isBlock = (value: unknown): value is SeriesBlock =>
  typeof value === 'object' && value !== null && Array.isArray((value as SeriesBlock).time) && (value as SeriesBlock).time.every((time) => typeof time === 'string');

export function numbersOf(block: SeriesBlock, variable: string): Series {
  const values = block[variable];
  if (!Array.isArray(values)) return block.time.map(() => null);
  return block.time.map((_, index) => (typeof values[index] === 'number' && Number.isFinite(values[index]) ? (values[index] as number) : null));
}

export async function placeAnswers(ask: OpenMeteoAsk, url: string, count: number): Promise<PlaceAnswer[]> {
  const response = await ask.fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(ask.timeoutMs) });
  if (!response.ok) {
    await response.body?.cancel();
    throw new WeatherAnswerError(`Open-Meteo answered ${response.status}`);
  }
  const body: unknown = await response.json();
  const answers = Array.isArray(body) ? body : [body];
  if (answers.length !== count) throw new WeatherAnswerError(`Open-Meteo answered ${answers.length} places for ${count}`);
  return answers.map((answer) => {
    const daily = (answer as PlaceAnswer | null)?.daily;
    const hourly = (answer as PlaceAnswer | null)?.hourly;
    if (!isBlock(daily)) throw new WeatherAnswerError('Open-Meteo answered no daily series');
    return { daily, hourly: isBlock(hourly) ? hourly : undefined };
  });
}
