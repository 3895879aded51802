/** Every call's request contract refuses text PostgreSQL cannot store, wherever it sits in the body. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from '../index.ts';
import { holdsUnstorableText, isStorableText, toStorableText } from '../storableText.ts';

const { messages, parseWith } = shared;

/** Every exported request contract: the server validates each call's body with one, the web client its forms. */
const requestContracts = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => /^Z\w+Request$/.test(entry[0]),
);

const unstorable = ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00y', '\udfff', 'ok\ud83d', '\ude99ok'];
const storable = ['Café', 'Cafe\u0301', '\u{1F699}', '\u200F\u05E9\u05DC\u05D5\u05DD', 'x'.repeat(10_000), '\u202Eevil', ''];

describe('request contracts', () => {
  it('are all found', () => {
    expect(requestContracts.length).toBeGreaterThanOrEqual(41);
  });

  it.each(requestContracts)('%s refuses NUL and lone surrogates in any field, nested, in arrays and in keys', (_name, schema) => {
    for (const text of unstorable) {
      for (const body of [{ tripId: text }, { name: 'Lyon', notes: [text] }, { photos: [{ deep: { deeper: text } }] }, { [text]: 1 }]) {
        expect(parseWith(schema, body)).toEqual({ ok: false, message: messages.validation.textNotAllowed });
      }
    }
  });

  it('take surrogate pairs, combining and right-to-left marks and long text', () => {
    for (const text of storable) {
      const parsed = parseWith(shared.ZCreateTripRequest, { title: `T${text}`, startLocationName: `S${text}`.slice(0, 200) });
      expect(parsed.ok || parsed.message).not.toBe(messages.validation.textNotAllowed);
    }
  });
});

describe('storable text', () => {
  it('is text without NUL and without a surrogate missing its pair', () => {
    for (const text of unstorable) expect(isStorableText(text)).toBe(false);
    for (const text of storable) expect(isStorableText(text)).toBe(true);
  });

  it('is what toStorableText makes of any string, unchanged when it already was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const made = toStorableText(text);
        expect(isStorableText(made)).toBe(true);
        if (isStorableText(text)) expect(made).toBe(text);
        // Exactly what a UTF-8 round trip keeps, less NUL.
        expect(made).toBe(Buffer.from(text.replace(/\0/g, ''), 'utf8').toString('utf8'));
      }),
      { numRuns: 2000 },
    );
  });

  it('is checked in bodies deeper than the stack and in bodies that refer to themselves', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(holdsUnstorableText(deep)).toBe(true);
    const looped: Record<string, unknown> = { name: 'ok' };
    looped.self = looped;
    expect(holdsUnstorableText(looped)).toBe(false);
    looped.bad = ['\ud800'];
    expect(holdsUnstorableText(looped)).toBe(true);
  });
});
