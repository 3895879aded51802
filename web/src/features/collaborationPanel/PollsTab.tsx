/**
 * The trip's polls (docs/product.md#votes-and-polls), live from the trip document: owner and editors start one,
 * every member answers, results update as members vote; newest first.
 */
import type * as Y from 'yjs';
import { canCreatePolls, type TTripRole } from '@caravan/shared';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { useNow } from '../../lib/useNow.ts';
import { decisionMessages as text } from './decisionMessages.ts';
import { PollCard } from './PollCard.tsx';
import { PollForm } from './PollForm.tsx';
import { useLivePolls } from './useDecisions.ts';

/** Often enough that a poll reaching its closing time shows closed within seconds. */
const CLOCK_MS = 5_000;

export function PollsTab({ role, userId, doc }: { role: TTripRole; userId: number; doc: Y.Doc | null }) {
  const now = useNow(CLOCK_MS);
  const polls = useLivePolls(doc, userId, now);
  return (
    <section aria-labelledby="collab-polls-title" className="polls-tab">
      <h3 id="collab-polls-title">{text.pollsTitle}</h3>
      {canCreatePolls(role) && doc && <PollForm doc={doc} userId={userId} />}
      {polls === null ? (
        <SkeletonRows count={2} label={text.loadingPolls} />
      ) : polls.length === 0 ? (
        <p className="empty-text">{text.noPolls}</p>
      ) : (
        <ul className="collab-list poll-list" aria-label={text.pollsTitle}>
          {polls.map((poll) => (
            <PollCard key={poll.id} poll={poll} doc={doc!} role={role} userId={userId} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
