/**
 * The PDF itinerary's pictures and pages (docs/product.md#export), read back as a reader sees them: page 1 rendered
 * by pdf.js shows the Natural Earth base map (water, land, coast) under the route line, drawn as vectors; the stop
 * numbers on it, found by pdf.js with their positions, overlap none of each other, even for stops a few hundred
 * metres apart; and no stop's lines are split across a page break, nor a day's heading left at a page's foot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { orderedStops } from '@caravan/shared';
import { download, pixelShare, readPdfPages, readPdfTextItems, renderPdfPage, type PdfTextItem } from '../../test/exportReaders.ts';
import type { User } from '@caravan/engine';
import { buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

/** The embedded base map's water, land and coast (web/src/components/tripMap/embedded/embeddedStyle.ts), and the route's blue. */
const WATER = '#cfe2ea';
const LAND = '#f4f1e8';
const COAST = '#8fb1c0';
const ROUTE = '#1f6feb';

type NewStop = { name: string; latitude: number; longitude: number; notes?: string; address?: string };

/** Five stops within 3 km in San Francisco, then down the coast: the trip's start is the first. */
const COAST_TRIP: NewStop[] = [
  { name: 'Union Square', latitude: 37.788, longitude: -122.4075 },
  { name: 'Ferry Building', latitude: 37.7955, longitude: -122.3937 },
  { name: 'Coit Tower', latitude: 37.8024, longitude: -122.4058 },
  { name: 'Pier 39', latitude: 37.8087, longitude: -122.4098 },
  { name: "Fisherman's Wharf", latitude: 37.808, longitude: -122.4177 },
  { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Big Sur', latitude: 36.2704, longitude: -121.8081 },
  { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 },
];

/** Thirty stops whose notes run to two or three lines each, planned three to a day: the plan fills several pages.
 * The first is the trip's start, which has no notes: its address line ends it. */
const LONG_TRIP: NewStop[] = Array.from({ length: 30 }, (_, index) => ({
  name: `Stop ${index + 1}`,
  latitude: 40 + index * 0.05,
  longitude: -105 + index * 0.07,
  address: `${index + 1} Long Road, Somewhere`,
  notes: index === 0 ? undefined : `${'Park by the gate, walk along the river and meet at the café. '.repeat(1 + (index % 3))}End of stop ${index + 1}.`,
}));

/** The trip as a user makes it: created with its start, the other stops added; its id. */
async function tripOf(owner: User, title: string, [start, ...rest]: NewStop[]): Promise<string> {
  const created = await t.api.post(
    '/trips',
    {
      title,
      startLocationName: start.name,
      startLocationAddress: start.address,
      startLocationLatitude: start.latitude,
      startLocationLongitude: start.longitude,
    },
    { as: owner },
  );
  expect(created.status).toBe(201);
  const tripId: string = created.body.id;
  for (const stop of rest) expect((await t.api.post('/trips/stops', { tripId, ...stop }, { as: owner })).status).toBe(201);
  await t.server.deps.legs.idle();
  return tripId;
}

async function pdfOf(tripId: string): Promise<Buffer> {
  const file = await download(t, `/trips/export?tripId=${tripId}&format=pdf`, owner);
  expect(file.status).toBe(200);
  return file.bytes;
}

let owner: User;
let coastPdf: Buffer;
beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource);
  coastPdf = await pdfOf(await tripOf(owner, 'California Coast', COAST_TRIP));
});

const overlapping = (a: PdfTextItem, b: PdfTextItem) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the PDF route picture', () => {
  it('draws the Natural Earth base map, water, land and coast, under the route line, as vectors', async () => {
    const page = await renderPdfPage(coastPdf, 1);
    // The picture is about a third of the page: the Pacific and California both take a good part of it.
    expect(pixelShare(page, WATER)).toBeGreaterThan(0.03);
    expect(pixelShare(page, LAND)).toBeGreaterThan(0.03);
    expect(pixelShare(page, COAST, 40)).toBeGreaterThan(0.0005);
    expect(pixelShare(page, ROUTE, 20)).toBeGreaterThan(0.0002);

    const document = await getDocument({ data: new Uint8Array(coastPdf), verbosity: 0 }).promise;
    const { fnArray, argsArray } = await (await document.getPage(1)).getOperatorList();
    await document.destroy();
    expect(fnArray.filter((op) => op === OPS.paintImageXObject)).toHaveLength(0);
    // pdf.js hands each path over as one array of its operators and coordinates: coasts and borders take well over
    // a thousand numbers, where a line through the stops and a dot per stop take a few hundred.
    const pathData = fnArray.flatMap((op, index) => (op === OPS.constructPath ? [(argsArray[index] as [number, [Float32Array]])[1][0].length] : []));
    expect(pathData.reduce((sum, length) => sum + length, 0)).toBeGreaterThan(1000);
  });

  it('prints every stop number once, none overlapping another, even for stops a few hundred metres apart', async () => {
    const [firstPage] = await readPdfTextItems(coastPdf);
    const numbers = firstPage.filter((item) => /^\d+$/.test(item.text));
    expect(numbers.map((item) => item.text).sort((a, b) => Number(a) - Number(b))).toEqual(COAST_TRIP.map((_, index) => String(index + 1)));
    for (const [index, number] of numbers.entries()) {
      for (const other of numbers.slice(index + 1)) expect(overlapping(number, other), `${number.text} and ${other.text}`).toBe(false);
    }
  });
});

describe('the PDF plan across pages', () => {
  it("keeps each stop's lines on one page, and each day's heading with its first stop", async () => {
    const tripId = await tripOf(owner, 'Long Haul', LONG_TRIP);
    const stops = orderedStops((await t.server.deps.tripDocs.open(tripId))!.doc);
    for (const [index, stop] of stops.entries()) {
      const body = { tripId, stopId: stop.id, plannedArrivalDate: `2025-09-${10 + Math.floor(index / 3)}`, autoScheduled: false };
      expect((await t.api.post('/trips/stops/update-planned-date', body, { as: owner })).status).toBe(200);
    }
    const pages = await readPdfPages(await pdfOf(tripId));
    expect(pages.length).toBeGreaterThan(2);
    const pageOf = (text: string) => pages.findIndex((page) => page.includes(text));
    for (const [index] of LONG_TRIP.entries()) {
      const number = index + 1;
      expect(pageOf(`${number}. Stop ${number}\n`), `stop ${number}`).toBeGreaterThanOrEqual(0);
      const lastLine = number === 1 ? LONG_TRIP[0].address! : `End of stop ${number}.`;
      expect(pageOf(lastLine), `stop ${number}'s last line`).toBe(pageOf(`${number}. Stop ${number}\n`));
    }
    // A heading never ends its page: the last line of every page but the last is a stop's line.
    for (const page of pages.slice(0, -1)) expect(page.trimEnd().split('\n').at(-1)).not.toMatch(/, 2025$/);
  });
});
