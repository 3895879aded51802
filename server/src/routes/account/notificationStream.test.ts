/**
 * The bell's event stream over real HTTP: a member's open page hears `notified` after a notification for
 * them (made by another member's REST call, through PostgreSQL's NOTIFY), and nobody else's page does; signed-out
 * callers get 401; the limits that protect the server: a member's ninth page closes their oldest, and past this
 * process's total a page is refused with 503 and the reason.
 */
import { describe, expect, it } from 'vitest';
import { messages, NOTIFICATION_STREAM_PATH } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { MEMBER_SIGNAL_LIMITS } from '../../notifications/memberSignals.ts';
import { sessionCookieFor } from '../../test/sessionCookie.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

/** A page's stream: what it has heard so far, whether the server ended it, and a way to close it. */
interface OpenStream {
  status: number;
  heard: () => string;
  ended: () => boolean;
  close: () => void;
}

async function openStream(user: User | null): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = user ? { cookie: await sessionCookieFor(db(), user) } : {};
  const response = await fetch(`${t.server.url}/_api${NOTIFICATION_STREAM_PATH}`, { headers, signal: abort.signal });
  let text = '';
  let ended = false;
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body!) text += decoder.decode(chunk, { stream: true });
        ended = true;
      } catch {
        // Aborted by the test.
      }
    })();
  } else {
    text = await response.text();
  }
  return { status: response.status, heard: () => text, ended: () => ended, close: () => abort.abort() };
}

const nudges = (stream: OpenStream) => stream.heard().split('event: notified').length - 1;

describe('the notification stream', () => {
  it("nudges a member's open page when they are notified, and nobody else's", async () => {
    const crew = await tripWithCrew(db());
    const owner = await openStream(crew.owner);
    const editor = await openStream(crew.editor);
    expect(owner.status).toBe(200);
    await expect.poll(() => owner.heard()).toContain('retry:');

    // A suggestion waits for the owner's review: the owner is told, the suggester and the editor are not.
    const created = await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, name: 'Sleeping Bear Dunes' }, { as: crew.viewer });
    expect(created.status).toBe(201);
    // How fast is bench:notify's to say; here, that it comes at all, without the page asking.
    await expect.poll(() => nudges(owner), { timeout: 5000, interval: 20 }).toBe(1);
    // Given the editor's stream the same time to hear anything.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(nudges(editor)).toBe(0);
    owner.close();
    editor.close();
  });

  it('answers a signed-out caller 401', async () => {
    expect((await openStream(null)).status).toBe(401);
  });

  it("closes a member's oldest page when they open one more than the limit", async () => {
    const { owner } = await tripWithCrew(db());
    const streams: OpenStream[] = [];
    for (let i = 0; i < MEMBER_SIGNAL_LIMITS.perMember; i++) streams.push(await openStream(owner));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const one = await openStream(owner);
    expect(one.status).toBe(200);
    await expect.poll(() => streams[0].ended()).toBe(true);
    expect(streams.slice(1).some((stream) => stream.ended())).toBe(false);
    for (const stream of [...streams, one]) stream.close();
  });

  it("refuses a page with 503 and the reason once this process holds its limit, and takes one again when some close", async () => {
    const { owner } = await tripWithCrew(db());
    const signals = t.server.deps.memberSignals;
    // Pages of as many other members as the process takes (a member's own limit never counts against them here).
    const others = Array.from({ length: MEMBER_SIGNAL_LIMITS.total - signals.size }, (_, i) => signals.subscribe(1_000_000 + i)!);
    const refused = await openStream(owner);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.heard()).error).toBe(messages.notifications.tooManyStreams);
    for (const stream of others) stream.destroy();
    const taken = await openStream(owner);
    expect(taken.status).toBe(200);
    taken.close();
  });
});
