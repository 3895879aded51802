/**
 * The app reads a stop's clock only through the bundled zones: no source asks the runtime's Intl data for a zone's
 * rules (an Intl format in a named zone, luxon's IANAZone, a luxon zone given by name). UTC has no rules to differ,
 * and a format with no zone is the reader's own device clock (when a trip was created), not a stop's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['shared/src', 'engine/src', 'server/src', 'collab-server/src', 'web/src'];

function sources(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(folder, file));
}

/** Each use of a zone's rules that bypasses the bundled data: 'file: the code'. */
function runtimeZoneUses(file: string, text: string): string[] {
  const uses = [
    // An Intl format or toLocale…String whose options name a zone other than UTC.
    ...[...text.matchAll(/(?:Intl\.DateTimeFormat|toLocale(?:Date|Time)?String)\([^)]*?timeZone(?::(?!\s*'UTC')\s*[^,}\s]+|\s*[,}])/gs)].map((match) => match[0]),
    ...[...text.matchAll(/\bIANAZone\.\w+/g)].map((match) => match[0]),
    // A luxon DateTime given its zone by name: setZone('…') or { zone: '…' / zone } other than UTC or zoneNamed(…).
    ...text.split('\n').filter((line) => line.includes('DateTime.')).flatMap((line) => [
      ...[...line.matchAll(/\bzone(?::(?!\s*(?:'UTC'|zoneNamed\(|string\b))\s*[^,}]+|\s*[,}])/g)].map((match) => match[0]),
      ...[...line.matchAll(/setZone\((?!zoneNamed\()[^)]*\)/g)].map((match) => match[0]),
    ]),
  ];
  return uses.map((use) => `${file}: ${use.replace(/\s+/g, ' ')}`);
}

describe('the sources', () => {
  it('read zone rules only from the bundled data', () => {
    const found = FOLDERS.flatMap(sources).filter((file) => !file.startsWith('shared/src/zones/'))
      .flatMap((file) => runtimeZoneUses(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('would find a format in a stop’s zone, an IANAZone and a luxon zone by name', () => {
    const code = [
      "new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: zone })",
      "new Intl.DateTimeFormat('en-US', { timeZone })",
      "IANAZone.create(zone).offset(ms)",
      "DateTime.fromMillis(ms, { zone, locale: 'en-US' })",
      "DateTime.fromISO(text, { zone: stop.timeZone })",
      'DateTime.now().setZone(zones[0])',
      "new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }); DateTime.fromMillis(ms, { zone: zoneNamed(zone) })",
    ].join('\n');
    expect(runtimeZoneUses('x.ts', code)).toHaveLength(6);
  });
});
