import { describe, expect, it } from 'vitest';
import { json } from './projectionValues.ts';

describe('json', () => {
  it('writes storable values as JSON.stringify does, road lines included', () => {
    const row = { name: 'Astoria 🦀', notes: null, leg: { minutes: 12, geometry: [[-123.8, 46.2], [-123.7, 46.1]] }, photos: ['a.jpg'] };
    expect(json(row)).toBe(JSON.stringify(row));
    expect(json(undefined)).toBe('null');
  });

  it('drops NUL and replaces lone surrogates, in values and keys, at any depth', () => {
    const row = { name: 'A\u0000B', nested: [{ ['k\uD800']: 'x\uDC00y' }] };
    expect(JSON.parse(json(row))).toEqual({ name: 'AB', nested: [{ ['k\uFFFD']: 'x\uFFFDy' }] });
  });

  it('keeps text that only looks like an escape', () => {
    const row = { notes: 'typed \\u0000 and \\ud800 as text' };
    expect(JSON.parse(json(row))).toEqual(row);
  });
});
