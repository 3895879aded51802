/**
 * A place's climate normals: for each day of the year ('MM-DD', 29 February included), the average of the days
 * around it (NORMAL_WINDOW_DAYS either side) over the years of the archive: mean maximum, minimum and strongest
 * wind, the share of those days with WET_DAY_MM of precipitation or more (as a chance of rain), and the most
 * common weather code. A day with no value in the archive is left out of that variable's average.
 */
import type { Series } from './openMeteoAnswer.ts';

export const NORMAL_YEARS = 10;
export const NORMAL_WINDOW_DAYS = 3;
/** A day counts as wet from 1 mm: the usual climatological threshold. */
const WET_DAY_MM = 1;
const DAY_MS = 86_400_000;

export interface NormalDay {
  maxC: number;
  minC: number;
  precipitationProbability: number | null;
  weatherCode: number | null;
  windMaxKmh: number | null;
}

export interface ClimateNormals {
  /** How many years the archive gave. */
  years: number;
  days: Record<string, NormalDay>;
}

export interface ArchiveSeries {
  time: string[];
  maxC: Series;
  minC: Series;
  precipitationMm: Series;
  weatherCode: Series;
  windMaxKmh: Series;
}

const mean = (values: number[]) => (values.length ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10 : null);

function mostCommon(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: number | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)! || (count === counts.get(best)! && value > best)) best = value;
  return best;
}

/** Every 'MM-DD' of a leap year, in order. */
const DAYS_OF_YEAR = Array.from({ length: 366 }, (_, index) => new Date(Date.UTC(2000, 0, 1) + index * DAY_MS).toISOString().slice(5, 10));

export function climateNormalsOf(series: ArchiveSeries): ClimateNormals {
  const indexOf = new Map(series.time.map((time, index) => [time, index]));
  const years = [...new Set(series.time.map((time) => Number(time.slice(0, 4))))].filter(Number.isFinite);
  const days: Record<string, NormalDay> = {};
  for (const monthDay of DAYS_OF_YEAR) {
    const picked: number[] = [];
    for (const year of years) {
      // 29 February in a year without one stands on the 28th.
      const [month, day] = [Number(monthDay.slice(0, 2)), Number(monthDay.slice(3))];
      const centre = Date.UTC(year, month - 1, Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate()));
      for (let offset = -NORMAL_WINDOW_DAYS; offset <= NORMAL_WINDOW_DAYS; offset++) {
        const index = indexOf.get(new Date(centre + offset * DAY_MS).toISOString().slice(0, 10));
        if (index !== undefined) picked.push(index);
      }
    }
    const values = (variable: Series) => picked.map((index) => variable[index]).filter((value): value is number => value !== null);
    const maxC = mean(values(series.maxC));
    const minC = mean(values(series.minC));
    if (maxC === null || minC === null) continue;
    const rain = values(series.precipitationMm);
    days[monthDay] = {
      maxC,
      minC,
      precipitationProbability: rain.length ? Math.round((rain.filter((mm) => mm >= WET_DAY_MM).length / rain.length) * 100) : null,
      weatherCode: mostCommon(values(series.weatherCode)),
      windMaxKmh: mean(values(series.windMaxKmh)),
    };
  }
  return { years: years.length, days };
}
