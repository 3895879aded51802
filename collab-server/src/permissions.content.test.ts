/** checkClientUpdate on content: the keys and values a stop may hold, and the parts of the document only the server writes. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { activityArray, addStop, commentsMap, messages, metaMap, recordMap, stopsMap, suggestionsMap, updateStop } from '@caravan/shared';
import { checkClientUpdate } from './permissions.ts';
import { capture, copyOf, editOnFreshClient, expectAccepted, expectRefused, hasParentlessItem, serverDoc } from './test/tripDocUpdates.ts';

describe('what stops may hold', () => {
  it('refuses unknown keys, wrong values and nested types in a stop', () => {
    const server = serverDoc();
    const refusals: Array<[(client: Y.Doc) => void, string]> = [
      [(c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('color', 'red'), 'unknown stop key: "color"'],
      [(c) => updateStop(c, '00000000-0000-4000-8000-000000000061', { name: 5 as never }), `invalid value for name: ${messages.stops.nameRequired}`],
      [(c) => updateStop(c, '00000000-0000-4000-8000-000000000061', { name: '' }), `invalid value for name: ${messages.stops.nameRequired}`],
      [(c) => updateStop(c, '00000000-0000-4000-8000-000000000062', { latitude: 200 }), `invalid value for latitude: ${messages.validation.invalidLatitude}`],
      [(c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('notes', new Y.Map()), 'invalid value for notes'],
      [(c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('notes', new Y.Text('hi')), 'invalid value for notes'],
      [(c) => stopsMap(c).set('00000000-0000-4000-8000-00000000007a', 'Arles' as never), 'stop must be a map'],
      [(c) => addStop(c, 'not-a-uuid', { name: 'Arles' }), 'invalid stop id'],
    ];
    for (const [edit, reason] of refusals) {
      expectRefused(server, editOnFreshClient(server, edit), 'owner', reason);
      expectRefused(server, editOnFreshClient(server, edit), 'editor', reason);
    }
    const client = copyOf(server);
    expectAccepted(server, client, capture(client, () => addStop(client, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', { name: 'Arles', latitude: -90 })), 'editor');
  });

  it('refuses text PostgreSQL cannot store (NUL) in every text field, as the REST calls do', () => {
    const server = serverDoc();
    const notStorable = messages.validation.textNotAllowed;
    const stopId = '00000000-0000-4000-8000-000000000061';
    const fields = { name: 'Ly\u0000on', address: 'Rue\u0000', notes: '\u0000', journalContent: 'Day\u0000one', pos: 'a\u0000' };
    for (const [key, value] of Object.entries(fields)) {
      const edit = (c: Y.Doc) => stopsMap(c).get(stopId)!.set(key, value);
      // The order key is no field of the REST door's table: its refusal carries zod's own text.
      const reason = `invalid value for ${key}: ${key === 'pos' ? 'Invalid input' : notStorable}`;
      expectRefused(server, editOnFreshClient(server, edit), 'owner', reason);
      // The journal is the owner's: an editor is refused for writing it at all.
      const editorReason = key === 'journalContent' ? 'owner-only stop key: journalContent' : reason;
      expectRefused(server, editOnFreshClient(server, edit), 'editor', editorReason);
    }
    const photos = (c: Y.Doc) => stopsMap(c).get(stopId)!.set('photos', ['/_api/photos/x\u0000']);
    expectRefused(server, editOnFreshClient(server, photos), 'owner', `invalid value for photos: ${notStorable}`);
    const newStop = (c: Y.Doc) => addStop(c, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', { name: 'Arles\u0000' });
    expectRefused(server, editOnFreshClient(server, newStop), 'editor', `invalid value for name: ${notStorable}`);
    // A lone surrogate cannot travel: Yjs encodes text as UTF-8, which turns it into U+FFFD, storable text.
    const update = editOnFreshClient(server, (c) => updateStop(c, stopId, { name: 'Ly\ud800on' }));
    expect(checkClientUpdate(server, update, { role: 'editor' })).toMatchObject({ ok: true });
    Y.applyUpdate(server, update);
    expect(stopsMap(server).get(stopId)!.get('name')).toBe('Ly\ufffdon');
  });

  it('refuses the 1001st stop and updates over 1 MiB', () => {
    const server = new Y.Doc();
    server.transact(() => {
      for (let i = 0; i < 1000; i++) stopsMap(server).set(`10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, recordMap({ name: `Stop ${i}`, pos: `a${i}` }));
    });
    const client = copyOf(server);
    expectRefused(server, capture(client, () => addStop(client, '30000000-0000-4000-8000-000000000000', { name: 'Arles' })), 'editor', 'too many stops');
    const renamed = copyOf(server);
    expectAccepted(server, renamed, capture(renamed, () => updateStop(renamed, '10000000-0000-4000-8000-000000000000', { name: 'Arles' })), 'editor');

    const big = copyOf(server);
    const journal = 'j'.repeat(100_000);
    const update = capture(big, () => {
      for (let i = 0; i < 11; i++) updateStop(big, `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, { journalContent: journal });
    });
    expect(update.byteLength).toBeGreaterThan(1024 * 1024);
    expectRefused(server, update, 'owner', 'update too large');
  });
});

describe('server-only parts of the document', () => {
  it('refuses writes to suggestions, comments, meta and activity, even from the owner', () => {
    const server = serverDoc();
    const writes: Array<(client: Y.Doc) => void> = [
      (c) => suggestionsMap(c).set('sug-2', recordMap({ id: 'sug-2', name: 'Antibes' })),
      (c) => suggestionsMap(c).get('sug-1')!.set('status', 'approved'),
      (c) => commentsMap(c).set('c-1', recordMap({ id: 'c-1', stopId: '00000000-0000-4000-8000-000000000061', content: 'hi' })),
      (c) => metaMap(c).set('isPublic', true),
      (c) => c.getArray('fresh-root').push([1]),
      (c) => suggestionsMap(c).delete('sug-1'),
      (c) => activityArray(c).delete(0, 1),
    ];
    for (const write of writes) expectRefused(server, editOnFreshClient(server, write), 'owner', 'write outside stops');
  });

  it('finds the parent Yjs leaves out of items with an origin, outside stops too', () => {
    const server = serverDoc();
    const writes: Array<(client: Y.Doc) => void> = [
      (c) => activityArray(c).push([recordMap({ id: 'act-2' })]),
      (c) => metaMap(c).set('title', 'Mine'),
      (c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('name', 5 as never),
    ];
    for (const write of writes) {
      const update = editOnFreshClient(server, write);
      expect(hasParentlessItem(update)).toBe(true);
      expect(checkClientUpdate(server, update, { role: 'owner' }).ok).toBe(false);
    }
  });
});
