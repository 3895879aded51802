import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readUpdateRanges } from './updateRanges.ts';

type Ranges = { written: number[][]; deleted: number[][] };

/** The ranges as Yjs itself reads them: each client's structs joined into runs, skips left out. */
function rangesByYjs(update: Uint8Array): Ranges {
  const { structs, ds } = Y.decodeUpdate(update);
  const written: number[][] = [];
  for (const struct of structs) {
    if (struct instanceof Y.Skip) continue;
    const last = written.at(-1);
    if (last && last[0] === struct.id.client && last[2] === struct.id.clock) last[2] += struct.length;
    else written.push([struct.id.client, struct.id.clock, struct.id.clock + struct.length]);
  }
  const deleted = [...ds.clients].flatMap(([client, items]) => items.map(({ clock, len }) => [client, clock, clock + len]));
  return { written, deleted };
}

function rangesRead(update: Uint8Array): Ranges {
  const ranges: Ranges = { written: [], deleted: [] };
  readUpdateRanges(
    update,
    (client, start, end) => ranges.written.push([client, start, end]),
    (client, start, end) => ranges.deleted.push([client, start, end]),
  );
  return ranges;
}

/** Every kind of value `writeAny` holds, nested. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.float({ noNaN: true }),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.string({ unit: 'grapheme' }),
    fc.uint8Array({ maxLength: 8 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 3, noNullPrototype: true }),
  ),
})).value;
/** What a map or an array takes as one value: any of those but a bigint, which only nests. */
const topValue = anyValue.filter((value) => typeof value !== 'bigint');

/** One edit of any kind of shared type and content. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.string({ maxLength: 3 }), value: topValue }),
  fc.record({ kind: fc.constant('binary' as const), key: fc.string({ maxLength: 3 }), value: fc.uint8Array({ maxLength: 16 }) }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('text' as const), at: fc.nat(), text: fc.string({ unit: 'grapheme', minLength: 1 }), bold: fc.boolean() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), length: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('embed' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('array' as const), values: fc.array(topValue, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('xml' as const), name: fc.string({ minLength: 1, maxLength: 5 }) }),
  fc.record({ kind: fc.constant('nested' as const), key: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('subdoc' as const), key: fc.string({ maxLength: 3 }) }),
);

function apply(doc: Y.Doc, step: typeof edit extends fc.Arbitrary<infer T> ? T : never): void {
  const map = doc.getMap<unknown>('map');
  const text = doc.getText('text');
  switch (step.kind) {
    case 'set':
    case 'binary':
      map.set(step.key, step.value);
      return;
    case 'delete':
      return map.delete(step.key);
    case 'text':
      return text.insert(step.at % (text.length + 1), step.text, step.bold ? { bold: true } : undefined);
    case 'cut': {
      const at = step.at % (text.length + 1);
      return text.delete(at, Math.min(step.length, text.length - at));
    }
    case 'embed':
      return text.insertEmbed(step.at % (text.length + 1), { image: 'x.png' });
    case 'array':
      return doc.getArray<unknown>('array').push(step.values);
    case 'xml': {
      const element = new Y.XmlElement(step.name);
      doc.getXmlFragment('xml').push([element, new Y.XmlText('hi'), new Y.XmlHook(step.name) as unknown as Y.XmlText]);
      return element.setAttribute('a', 'b');
    }
    case 'nested': {
      const inner = new Y.Map<unknown>();
      map.set(step.key, inner);
      inner.set('x', 1);
      return;
    }
    case 'subdoc':
      map.set(step.key, new Y.Doc());
      return;
  }
}

describe('the clock ranges of an update', () => {
  it('are what Y.decodeUpdate reads, for every kind of content, merged updates (with skips) and whole states', () => {
    fc.assert(
      fc.property(fc.array(fc.array(edit, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), fc.nat(), (transactions, pick) => {
        const doc = new Y.Doc();
        const updates: Uint8Array[] = [];
        doc.on('update', (update: Uint8Array) => updates.push(update));
        for (const steps of transactions) doc.transact(() => steps.forEach((step) => apply(doc, step)));
        // Every other update merged: the gaps become skips.
        const alternate = Y.mergeUpdates(updates.filter((_, index) => (index + pick) % 2 === 0));
        for (const update of [...updates, alternate, Y.encodeStateAsUpdate(doc)]) expect(rangesRead(update)).toEqual(rangesByYjs(update));
      }),
      { numRuns: 150 },
    );
  });

  it('reads several clients in one update, and refuses bytes that are no update', () => {
    const [a, b] = [new Y.Doc(), new Y.Doc()];
    a.getMap('m').set('k', 'a');
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    b.getMap('m').set('k', 'b');
    b.getText('t').insert(0, 'héllo 😀');
    const merged = Y.encodeStateAsUpdate(b);
    expect(rangesRead(merged)).toEqual(rangesByYjs(merged));
    expect(rangesRead(merged).written.length).toBe(2);
    expect(() => rangesRead(merged.slice(0, merged.length - 3))).toThrow();
    expect(() => rangesRead(new Uint8Array([1, 1, 5, 0, 31]))).toThrow();
  });
});
