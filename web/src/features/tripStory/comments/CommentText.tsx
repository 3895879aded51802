/** A comment's text with each mention ('@' + the name it was written with) shown as a mention. */
import type { ReactNode } from 'react';
import { readMentions } from '@caravan/shared';

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function CommentText({ content, mentions }: { content: string; mentions: unknown }) {
  // Longest names first, so '@Ann Lee' is not read as '@Ann' followed by ' Lee'.
  const names = readMentions(mentions)
    .map((mention) => mention.name)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (!names.length) return <p className="comment-text">{content}</p>;
  const pattern = new RegExp(`(@(?:${names.map(escape).join('|')}))`, 'g');
  const parts: ReactNode[] = content.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      <strong key={index} className="mention">
        {part}
      </strong>
    ) : (
      part
    ),
  );
  return <p className="comment-text">{parts}</p>;
}
