/**
 * What the trip-page browser tests share: a trip with its owner and one more member (and stops after the
 * start), the run's shared Chromium, and a member's signed-in page opened on the trip, each page in a
 * context of its own (its own session cookie), all closed after the file.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TAddStopRequest, TTripStop } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import type { TestStack } from '../stack.ts';
import { openTripPage, signIn } from './browser.ts';
import { connectBrowser } from './sharedChromium.ts';

/** The members' names the pages show (and the tests look for). */
const DISPLAY_NAMES = { owner: 'Olivia Owner', editor: 'Eddie Editor', viewer: 'Victor Viewer' } as const;

/** A stop as '/trips/stops' takes it (address and notes may be left out). */
type NewStop = Pick<TAddStopRequest, 'name' | 'latitude' | 'longitude'> & Partial<Pick<TAddStopRequest, 'address' | 'notes'>>;
type TripOptions = { title: string; description?: string; stops?: NewStop[] };

export interface TripWithMember {
  owner: User;
  /** The second member, an editor or a viewer as asked. */
  member: User;
  trip: Trip;
  /** The stops added after the trip's start, as the server answered them. */
  stops: TTripStop[];
}

/** An owner's trip, a second member in `role`, and `stops` added by the owner through the REST door. */
export async function tripWithMember(
  t: TestStack,
  role: 'editor' | 'viewer',
  options: TripOptions,
): Promise<TripWithMember> {
  const { dataSource } = t.server.deps;
  const owner = await buildUser(dataSource, { displayName: DISPLAY_NAMES.owner });
  const member = await buildUser(dataSource, { displayName: DISPLAY_NAMES[role] });
  const trip = await buildTrip(dataSource, owner, { title: options.title, description: options.description });
  await addMember(dataSource, trip, member, role);
  const stops: TTripStop[] = [];
  for (const stop of options.stops ?? []) {
    const added = await t.api.post<TTripStop>('/trips/stops', { tripId: trip.id, ...stop }, { as: owner });
    expect(added.status, stop.name).toBe(201);
    stops.push(added.body);
  }
  return { owner, member, trip, stops };
}

/** A file's context options, and how long one step may wait (10 s unless given; a map drawing tiles may want more). */
export type PageDefaults = BrowserContextOptions & { stepTimeout?: number };

export interface TripPages {
  /**
   * A new browser context with the file's options (and `options` over them), closed after the file. A context is
   * dear: its first trip page costs about 2.3 CPU seconds in Chromium, the same page again in an open context about
   * 1.1 (no process to start, the scripts cached). For another width or theme of a screen, resize the page you have
   * (`setViewportSize`, `emulateMedia`) as the layout walk does; open a context for another user or another device.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page signed in as `user`, not yet on any address. */
  signedInPage(user: User, options?: BrowserContextOptions): Promise<Page>;
  /**
   * A new page in `beside`'s context (the same user, cookies and cache), at `viewport` if given, not yet on any address:
   * about a CPU second cheaper than a page in a new context. Not for another browser of the account, beside a page whose
   * context a test takes offline, or for a page whose requests a test routes (the context's service worker answers them).
   */
  pageBeside(beside: Page, viewport?: { width: number; height: number }): Promise<Page>;
  /** `user`'s signed-in page on the trip, once its title shows. */
  tripPage(user: User, trip: Pick<Trip, 'id' | 'title'>, options?: BrowserContextOptions): Promise<Page>;
  /** tripWithMember, then the owner's page and the member's on the trip. */
  openCrew(role: 'editor' | 'viewer', options: TripOptions): Promise<TripWithMember & { ownerPage: Page; memberPage: Page }>;
  /** Closes every context opened so far, for a file that opens many and would free them before the next part. */
  closeAll(): Promise<void>;
}

/**
 * Connects to the shared Chromium before the file's own beforeAll (register it after useTestStack, before
 * that hook) and disconnects after the file. `defaults` are the file's context options; a viewport of
 * 1366 × 900 unless given. Pages that run axe need `bypassCSP: true` (see a11y.ts).
 */
export function useTripPages(t: TestStack, { stepTimeout = 10_000, ...defaults }: PageDefaults = {}): TripPages {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await closeAll();
    await browser?.close();
  });

  async function closeAll(): Promise<void> {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  }

  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error('useTripPages: the browser starts in beforeAll; open pages from a hook or a test.');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...defaults, ...options });
    // A step that cannot happen fails with its own message, well inside the test's time limit.
    context.setDefaultTimeout(stepTimeout);
    contexts.push(context);
    return context;
  }

  async function signedInPage(user: User, options?: BrowserContextOptions): Promise<Page> {
    const context = await newContext(options);
    await signIn(context, t, user);
    return context.newPage();
  }

  async function pageBeside(beside: Page, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await beside.context().newPage();
    if (viewport) await page.setViewportSize(viewport);
    return page;
  }

  async function tripPage(user: User, trip: Pick<Trip, 'id' | 'title'>, options?: BrowserContextOptions): Promise<Page> {
    const page = await signedInPage(user, options);
    await openTripPage(page, t, trip);
    return page;
  }

  async function openCrew(role: 'editor' | 'viewer', options: TripOptions) {
    const crew = await tripWithMember(t, role, options);
    const ownerPage = await tripPage(crew.owner, crew.trip);
    const memberPage = await tripPage(crew.member, crew.trip);
    return { ...crew, ownerPage, memberPage };
  }

  return { newContext, signedInPage, pageBeside, tripPage, openCrew, closeAll };
}
