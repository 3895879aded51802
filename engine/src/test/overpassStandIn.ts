/**
 * A stand-in Overpass interpreter on 127.0.0.1 speaking Overpass's HTTP API (POST /api/interpreter, the QL query in
 * the `data` form field, JSON out): for each `around:` filter of a query asking for lodging (`["tourism"~...hotel...]`)
 * it answers a hotel 1 km north and a campground 2 km east of that point (as `out center` gives nodes and ways);
 * other queries get no places. It records every query; `reply` overrides the answers.
 */
import http from 'node:http';
import { closeServer, listenLocally } from './standInServer.ts';

export interface OverpassStandIn {
  /** The interpreter endpoint, as OVERPASS_URL names it. */
  url: string;
  /** Every QL query received, in order. */
  queries: string[];
  reply: ((response: http.ServerResponse) => void) | null;
  close(): Promise<void>;
}

/** Degrees of latitude per kilometre; near enough for a stand-in. */
const KM_LAT = 1 / 111.2;

function lodgingAround(query: string): object[] {
  if (!/\["tourism"~"[^"]*hotel/.test(query)) return [];
  const elements: object[] = [];
  let id = 1;
  for (const [, latText, lonText] of query.matchAll(/around:\d+,(-?[\d.]+),(-?[\d.]+)\)/g)) {
    const [lat, lon] = [Number(latText), Number(lonText)];
    const kmLon = KM_LAT / Math.cos((lat * Math.PI) / 180);
    elements.push({ type: 'node', id: id++, lat: lat + KM_LAT, lon, tags: { name: 'Wayside Motor Inn', tourism: 'hotel', 'addr:city': 'Midway' } });
    elements.push({ type: 'way', id: id++, center: { lat, lon: lon + 2 * kmLon }, tags: { name: 'Cottonwood Campground', tourism: 'camp_site' } });
  }
  return elements;
}

export async function startOverpassStandIn(): Promise<OverpassStandIn> {
  return serveOverpass({ queries: [], reply: null }, lodgingAround);
}

/**
 * Serves Overpass's HTTP API on 127.0.0.1 for a stand-in: each query is recorded, then answered by `reply` when set,
 * else with the elements `elementsFor` gives it.
 */
export async function serveOverpass<T extends Pick<OverpassStandIn, 'queries' | 'reply'>>(
  standIn: T,
  elementsFor: (query: string) => object[],
): Promise<T & Pick<OverpassStandIn, 'url' | 'close'>> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const query = new URLSearchParams(body).get('data') ?? '';
      standIn.queries.push(query);
      if (standIn.reply) return standIn.reply(response);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version: 0.6, elements: elementsFor(query) }));
    });
  });
  const origin = await listenLocally(server);
  return Object.assign(standIn, { url: `${origin}/api/interpreter`, close: () => closeServer(server) });
}
