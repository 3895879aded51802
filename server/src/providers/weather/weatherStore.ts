/**
 * The `weather_places` table: the provider's last answer per place and kind, with when it was given, so a place is
 * asked at most once an hour (a forecast) or once a year (its normals) whatever the number of trips and readers.
 */
import type { DataSource } from 'typeorm';
import { placeKey, type WeatherPlace } from './weatherPlace.ts';

export type WeatherAnswerKind = 'forecast' | 'normals';

export interface StoredAnswer<T> {
  fetchedAtMs: number;
  answer: T;
}

interface Row {
  lat_tenths: number;
  lon_tenths: number;
  fetched_at: Date;
  answer: unknown;
}

export async function readStoredAnswers<T>(dataSource: DataSource, kind: WeatherAnswerKind, places: readonly WeatherPlace[]): Promise<Map<string, StoredAnswer<T>>> {
  const found = new Map<string, StoredAnswer<T>>();
  if (places.length === 0) return found;
  const rows: Row[] = await dataSource.query(
    `SELECT w.lat_tenths, w.lon_tenths, w.fetched_at, w.answer
       FROM unnest($2::smallint[], $3::smallint[]) AS place (lat_tenths, lon_tenths)
       JOIN weather_places w ON w.kind = $1 AND w.lat_tenths = place.lat_tenths AND w.lon_tenths = place.lon_tenths`,
    [kind, places.map((place) => place.latTenths), places.map((place) => place.lonTenths)],
  );
  for (const row of rows) {
    found.set(placeKey({ latTenths: row.lat_tenths, lonTenths: row.lon_tenths }), { fetchedAtMs: row.fetched_at.getTime(), answer: row.answer as T });
  }
  return found;
}

export async function storeAnswers<T>(dataSource: DataSource, kind: WeatherAnswerKind, answers: ReadonlyArray<{ place: WeatherPlace; answer: T }>, fetchedAtMs: number): Promise<void> {
  if (answers.length === 0) return;
  await dataSource.query(
    `INSERT INTO weather_places (kind, lat_tenths, lon_tenths, fetched_at, answer)
     SELECT $1, lat, lon, $5, answer FROM unnest($2::smallint[], $3::smallint[], $4::jsonb[]) AS given (lat, lon, answer)
     ON CONFLICT (kind, lat_tenths, lon_tenths) DO UPDATE SET fetched_at = excluded.fetched_at, answer = excluded.answer`,
    [
      kind,
      answers.map(({ place }) => place.latTenths),
      answers.map(({ place }) => place.lonTenths),
      answers.map(({ answer }) => JSON.stringify(answer)),
      new Date(fetchedAtMs),
    ],
  );
}
