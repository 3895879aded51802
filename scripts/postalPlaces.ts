/**
 * Makes server/src/providers/locationSearch/postalPlaces.tsv, the postal localities the offline gazetteer adds to
 * cities500 (see postalPlaces.ts there), from GeoNames' postal code files (CC BY 4.0,
 * https://download.geonames.org/export/zip/), one file per country as published:
 *   npx tsx scripts/postalPlaces.ts <git directory of github.com/symerio/postal-codes-data>
 *   npx tsx scripts/postalPlaces.ts <CC.txt> ...
 * The first reads data/geonames/<CC>.txt of the mirror's HEAD (symerio/postal-codes-data keeps GeoNames' files
 * unchanged, data update 2024-04-12 at 3a94317) for each of ROAD_TRIP_COUNTRIES it has; the second the files given.
 * Run it again when the cities500 package changes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadCities500, selectPostalPlaces } from '@caravan/server';

/**
 * The countries road trips go to most whose files the mirror has, in the order the file lists them: the US, Canada,
 * Australia and New Zealand, then western and northern Europe, the Alps, Italy and the Adriatic. France, Portugal
 * and Poland the mirror lacks (absent from its snapshot). Left out to keep the file near 3 MB: Spain (24,000
 * localities, mostly Galician and Asturian parishes placed at their code's centre), the Baltic states (24,000),
 * Czechia, Slovakia and Hungary (14,000).
 */
export const ROAD_TRIP_COUNTRIES = [
  'US', 'CA', 'AU', 'NZ',
  'IS', 'FO', 'IE', 'GB', 'IM', 'JE', 'GG', 'NO', 'SE', 'FI', 'AX', 'DK',
  'NL', 'BE', 'LU', 'DE', 'CH', 'LI', 'AT', 'AD', 'MC', 'IT', 'SM', 'MT', 'SI', 'HR',
];

function mirrorFiles(gitDirectory: string): string[] {
  const git = (...args: string[]) => execFileSync('git', ['-C', gitDirectory, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const present = new Map(
    git('ls-tree', '-r', '--long', 'HEAD', 'data/geonames')
      .split('\n')
      .map((line) => line.split(/\s+/))
      .map(([, , , size, file]) => [path.basename(file ?? '', '.txt'), size] as const),
  );
  return ROAD_TRIP_COUNTRIES.flatMap((country) => {
    const size = present.get(country);
    if (!size || !/^\d+$/.test(size)) {
      console.warn(`${country}: not in the mirror, skipped`);
      return [];
    }
    return [git('show', `HEAD:data/geonames/${country}.txt`)];
  });
}

const sources = process.argv.slice(2);
if (sources.length === 0) {
  console.error('usage: npx tsx scripts/postalPlaces.ts <postal-codes-data git directory> | <GeoNames CC.txt> ...');
  process.exit(2);
}
const files =
  sources.length === 1 && fs.statSync(sources[0]).isDirectory()
    ? mirrorFiles(sources[0])
    : sources.map((source) => fs.readFileSync(source, 'utf8'));
const target = new URL('../server/src/providers/locationSearch/postalPlaces.tsv', import.meta.url);
const lines = selectPostalPlaces(files, loadCities500());
fs.writeFileSync(target, lines);
const byCountry = new Map<string, number>();
for (const line of lines.split('\n')) if (line) byCountry.set(line.slice(0, 2), (byCountry.get(line.slice(0, 2)) ?? 0) + 1);
console.log(`${lines.split('\n').length - 1} localities, ${fs.statSync(target).size} bytes, written to ${target.pathname}`);
console.log([...byCountry].map(([country, count]) => `${country} ${count}`).join(', '));
