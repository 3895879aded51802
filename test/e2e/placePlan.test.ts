/**
 * A place found with Search Places, through the real Overpass adapter against a stand-in Overpass interpreter,
 * brings its stop kind and opening hours (its OpenStreetMap tags): 'Add to Trip' saves them on the new stop, as
 * the stop's row then holds them, and the Plan dialog shows them.
 */
import http from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@caravan/engine';
import { answerWith, closeServer, listenLocally } from '@caravan/engine/test';
import { useTestStack } from '../stack.ts';
import { addPanel, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

/** Near the trip's start (San Francisco): a museum open Tuesday to Sunday, as Overpass's JSON answer has it. */
const ANSWER = JSON.stringify({
  elements: [
    {
      type: 'node',
      id: 2_400_001,
      lat: 37.8014,
      lon: -122.3977,
      tags: { name: 'Exploratorium', tourism: 'museum', opening_hours: 'Tu-Su 10:00-17:00; Th 18:00-22:00', 'addr:city': 'San Francisco' },
    },
  ],
});

const overpass = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => answerWith(200, ANSWER)(response));
});
// Filled before the stack starts (hooks run in order): the server reads OVERPASS_URL from its config.
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.overpassUrl = `${await listenLocally(overpass)}/api/interpreter`;
});
afterAll(() => closeServer(overpass));

const t = useTestStack(overrides);
const pages = useTripPages(t, { bypassCSP: true });
let ownerPage: Page;
let tripId: string;

beforeAll(async () => {
  const crew = await pages.openCrew('editor', { title: 'Bay Area', stops: [] });
  ({ ownerPage } = crew);
  tripId = crew.trip.id;
});

describe('a found place brings its plan', () => {
  it("saves the place's kind and opening hours on the stop 'Add to Trip' adds", async () => {
    await waitForNames(ownerPage, ['San Francisco']);
    await addPanel(ownerPage).getByRole('tab', { name: 'Search Places' }).click();
    await addPanel(ownerPage).getByLabel('Search for places').fill('Exploratorium');
    const found = addPanel(ownerPage).getByRole('list', { name: 'Places found' }).getByRole('listitem').filter({ hasText: 'Exploratorium' });
    await found.getByRole('button', { name: 'Add to Trip' }).click();
    await waitForNames(ownerPage, ['San Francisco', 'Exploratorium']);

    const row = async () =>
      (
        await t.server.deps.dataSource.query(`SELECT kind, opening_hours AS "openingHours", stay_minutes AS "stayMinutes" FROM stops WHERE trip_id = $1 AND name = 'Exploratorium'`, [
          tripId,
        ])
      )[0];
    await expect.poll(row).toEqual({ kind: 'sight', openingHours: 'Tu-Su 10:00-17:00; Th 18:00-22:00', stayMinutes: null });

    await ownerPage.getByRole('list', { name: 'Stops' }).getByRole('button', { name: 'Plan Exploratorium' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Plan: Exploratorium' });
    await expect(dialog.getByRole('combobox', { name: 'Kind of place' }).inputValue()).resolves.toBe('sight');
    await expect(dialog.getByLabel('Opening hours as OpenStreetMap text').inputValue()).resolves.toBe('Tu-Su 10:00-17:00; Th 18:00-22:00');
    await expect(dialog.getByLabel('Hours', { exact: true }).getAttribute('placeholder')).resolves.toBe('1');
  });
});
