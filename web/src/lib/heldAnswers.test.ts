/** The trip details the web client holds with their ETags: the last few trips, the most recently used kept. */
import { describe, expect, it } from 'vitest';
import { HeldAnswers } from './heldAnswers.ts';

describe('HeldAnswers', () => {
  it('keeps the last answer per key with its tag, and forgets the least recently used past its limit', () => {
    const held = new HeldAnswers<{ title: string }>(2);
    held.set('a', { etag: '"1"', value: { title: 'A' } });
    held.set('b', { etag: '"2"', value: { title: 'B' } });
    held.set('a', { etag: '"3"', value: { title: 'A again' } });
    held.set('c', { etag: '"4"', value: { title: 'C' } });
    expect(held.get('a')).toEqual({ etag: '"3"', value: { title: 'A again' } });
    expect(held.get('b')).toBeUndefined();
    expect(held.get('c')?.etag).toBe('"4"');
    held.delete('c');
    expect(held.get('c')).toBeUndefined();
  });
});
