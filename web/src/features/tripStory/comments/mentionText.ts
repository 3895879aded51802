/**
 * The text side of '@' mentions in a comment box: the '@' word being typed at the caret, the members it matches,
 * putting a picked member's name in its place, and which picked members the text still names when it is sent
 * (a mention whose name was deleted again is dropped, so only what the text shows is sent, by user id).
 */
export interface MentionCandidate {
  userId: number;
  displayName: string;
}

/** The '@' word ending at the caret: where its '@' is and what follows it. */
export interface MentionQuery {
  start: number;
  query: string;
}

export const MENTION_OPTIONS_MAX = 8;

export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  return match ? { start: caret - match[2].length - 1, query: match[2] } : null;
}

/** Members whose name has a word starting with the query (all of them for a bare '@'), at most MENTION_OPTIONS_MAX. */
export function membersMatching<T extends MentionCandidate>(members: readonly T[], query: string): T[] {
  const wanted = query.toLocaleLowerCase();
  return members
    .filter((member) => !wanted || member.displayName.toLocaleLowerCase().split(/\s+/).some((word) => word.startsWith(wanted)))
    .slice(0, MENTION_OPTIONS_MAX);
}

/** The text with the '@' word replaced by '@' + the name and a space, and where the caret goes after it. */
export function withMention(text: string, at: MentionQuery, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  return { text: text.slice(0, at.start) + inserted + text.slice(caret), caret: at.start + inserted.length };
}

/** The ids of the picked members the text still names as '@' + name, each once. */
export function mentionedIds(text: string, picked: readonly MentionCandidate[]): number[] {
  return [...new Set(picked.filter((member) => text.includes(`@${member.displayName}`)).map((member) => member.userId))];
}
