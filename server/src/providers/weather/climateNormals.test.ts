import { describe, expect, it } from 'vitest';
import { climateNormalsOf, type ArchiveSeries } from './climateNormals.ts';

/** Two years of days, each value from the day's place in its year and the year itself. */
function series(years: number[], value: (date: string, year: number) => number | null): ArchiveSeries {
  const time: string[] = [];
  for (const year of years) for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 86_400_000) time.push(new Date(ms).toISOString().slice(0, 10));
  const of = (shift: number) =>
    time.map((date) => {
      const got = value(date, Number(date.slice(0, 4)));
      return got === null ? null : got + shift;
    });
  const wet = time.map((date) => (date.endsWith('-10') ? 5 : 0));
  const codes = time.map((date) => (date.slice(5) === '07-01' ? 95 : 3));
  return { time, maxC: of(10), minC: of(0), precipitationMm: wet, weatherCode: codes, windMaxKmh: of(20) };
}

describe('climate normals', () => {
  it('average the week around each day over every year, and count the wet days of that week as the chance of rain', () => {
    // 2023 one degree warmer than 2022 everywhere: the normals are halfway.
    const normals = climateNormalsOf(series([2022, 2023], (_, year) => (year === 2023 ? 1 : 0)));
    expect(normals.years).toBe(2);
    expect(normals.days['07-01']).toEqual({ maxC: 10.5, minC: 0.5, precipitationProbability: 0, weatherCode: 3, windMaxKmh: 20.5 });
    // 7 July: the window 4–10 July holds the 10th, wet in both years: 2 days in 14.
    expect(normals.days['07-07'].precipitationProbability).toBe(14);
  });

  it('gives 29 February from the days around the 28th in a year without one, and leaves out days without values', () => {
    const normals = climateNormalsOf(series([2023], (date) => (date === '2023-02-28' ? null : 4)));
    expect(Object.keys(normals.days)).toHaveLength(366);
    expect(normals.days['02-29']).toMatchObject({ maxC: 14, minC: 4 });
    expect(climateNormalsOf(series([2023], () => null)).days).toEqual({});
  });
});
