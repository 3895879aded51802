import { describe, expect, it } from 'vitest';
import { mentionAt, mentionedIds, membersMatching, withMention } from './mentionText.ts';

const members = [
  { userId: 1, displayName: 'Olive Owner' },
  { userId: 2, displayName: 'Vera Viewer' },
];

describe('mention text', () => {
  it('finds the @ word at the caret, only at the start or after a space', () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('Hi @ve there', 6)).toEqual({ start: 3, query: 've' });
    expect(mentionAt('Hi @ve there', 12)).toBeNull();
    expect(mentionAt('me@ve', 5)).toBeNull();
  });

  it('matches any word of a name, case aside', () => {
    expect(membersMatching(members, 'VIE')).toEqual([members[1]]);
    expect(membersMatching(members, '')).toEqual(members);
    expect(membersMatching(members, 'x')).toEqual([]);
  });

  it('puts the name in place of the word and the caret after it', () => {
    expect(withMention('Hi @ve, ok', { start: 3, query: 've' }, 6, 'Vera Viewer')).toEqual({ text: 'Hi @Vera Viewer , ok', caret: 16 });
  });

  it('sends only the picked members the text still names, each once', () => {
    expect(mentionedIds('@Vera Viewer and @Vera Viewer', [members[1], members[1], members[0]])).toEqual([2]);
  });
});
