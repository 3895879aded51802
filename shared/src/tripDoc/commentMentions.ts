/**
 * A comment's mentions as a document or row holds them, read without trusting them: only well-formed
 * {userId, name} entries, each member once. The text shows a mention as '@' followed by the name.
 */
export interface CommentMention {
  userId: number;
  name: string;
}

export function readMentions(value: unknown): CommentMention[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const mentions: CommentMention[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { userId, name } = item as Record<string, unknown>;
    if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0 || typeof name !== 'string' || seen.has(userId)) continue;
    seen.add(userId);
    mentions.push({ userId, name });
  }
  return mentions;
}
