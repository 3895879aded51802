import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packZoneData } from './packZoneData.ts';

describe('the bundled zone data file', () => {
  it('is what the installed moment-timezone gives (after updating the package, run `npm run zones:update`)', () => {
    const committed = JSON.parse(fs.readFileSync(new URL('./tzdata.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(packZoneData());
  });
});
