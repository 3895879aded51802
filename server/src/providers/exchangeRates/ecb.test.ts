/** The ECB provider against a local stand-in serving eurofxref-daily.xml, through the overview call that pre-fills rates. */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listenLocally, recordingLogger, unusedOrigin } from '@caravan/engine/test';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { createEcbRates, parseEcbRates } from './ecb.ts';
import { ratesToHome } from './exchangeRates.ts';

/** The shape the ECB publishes, trimmed to three currencies. */
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time="2026-11-26">
      <Cube currency="USD" rate="1.0842"/>
      <Cube currency="JPY" rate="163.12"/>
      <Cube currency="GBP" rate="0.8421"/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

let requests = 0;
const standIn = http.createServer((_request, response) => {
  requests++;
  response.writeHead(200, { 'content-type': 'text/xml' }).end(DAILY);
});
let origin: string;
beforeAll(async () => {
  origin = await listenLocally(standIn);
});
afterAll(() => closeServer(standIn));
// Read when the server starts, after the stand-in above is listening.
const t = useTestServer({
  get exchangeRatesUrl() {
    return `${origin}/eurofxref-daily.xml`;
  },
});

describe('ECB exchange rates', () => {
  it('reads the daily file and crosses rates through the euro with integers', () => {
    expect(parseEcbRates(DAILY)).toEqual({ USD: '1.0842', JPY: '163.12', GBP: '0.8421' });
    expect(ratesToHome({ USD: '1.0842', GBP: '0.8421' }, 'EUR')).toEqual({ USD: '0.92233905', GBP: '1.18750742' });
    expect(ratesToHome({ USD: '1.0842', GBP: '0.8421' }, 'USD')).toEqual({ EUR: '1.0842', GBP: '1.28749555' });
    expect(ratesToHome({ USD: '1.0842' }, 'CHF')).toEqual({});
  });

  it('asks once per six hours, and gives nothing (logged) when the service is unreachable or answers garbage', async () => {
    const before = requests;
    const rates = createEcbRates(`${origin}/eurofxref-daily.xml`, fetch);
    await rates.euroRates();
    expect(await rates.euroRates()).toEqual({ USD: '1.0842', JPY: '163.12', GBP: '0.8421' });
    expect(requests - before).toBe(1);
    const logger = recordingLogger();
    expect(await createEcbRates(await unusedOrigin(), fetch, logger).euroRates()).toBeNull();
    expect(logger.warnings).toHaveLength(1);
    const garbage = http.createServer((_request, response) => response.end('<html>maintenance</html>'));
    const garbageOrigin = await listenLocally(garbage);
    expect(await createEcbRates(garbageOrigin, fetch, logger).euroRates()).toBeNull();
    await closeServer(garbage);
  });
});

describe('the costs overview with EXCHANGE_RATES_URL set', () => {
  it('suggests rates to the home currency', async () => {
    const crew = await tripWithCrew(t.server.deps.dataSource);
    const response = await t.api.post('/trips/costs', { tripId: crew.trip.id }, { as: crew.viewer });
    expect(response.status).toBe(200);
    expect(response.body.suggestedRates).toMatchObject({ USD: '0.92233905', JPY: '0.00613046' });
  });
});
