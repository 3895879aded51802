/**
 * Writes tzdata.json beside this file, the time-zone rules the server and the browser share, from the installed
 * moment-timezone (docs/architecture.md#time-zones): `npm run zones:update` after updating that package.
 */
import fs from 'node:fs';
import { packZoneData } from './packZoneData.ts';

const target = new URL('./tzdata.json', import.meta.url);
const data = packZoneData();
fs.writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`);
console.log(`shared/src/zones/tzdata.json: tz ${data.version}, ${data.zones.length} zones, ${data.links.length} links, ${fs.statSync(target).size} bytes`);
