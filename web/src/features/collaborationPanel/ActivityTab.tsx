/** The trip's activity feed (docs/product.md#activity): 4 skeleton rows while loading, relative timestamps. */
import type * as Y from 'yjs';
import { Avatar } from '../../components/Avatar.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { useNow } from '../../lib/useNow.ts';
import { activityText } from './activityText.ts';
import { ListStates } from './ListStates.tsx';
import { collabPanelMessages } from './messages.ts';
import { useActivity } from './useActivity.ts';

const text = collabPanelMessages;
export const ACTIVITY_SKELETON_ROWS = 4;

export function ActivityTab({ tripId, userId, doc }: { tripId: string; userId: number; doc: Y.Doc | null }) {
  const activity = useActivity(tripId, doc);
  const now = useNow();
  return (
    <section aria-labelledby="collab-activity-title">
      <h3 id="collab-activity-title">{text.activityTitle}</h3>
      <ListStates
        state={activity}
        skeleton={{ rows: ACTIVITY_SKELETON_ROWS, label: text.loadingActivity }}
        errorText={(error) => text.activityError(errorMessage(error))}
        empty={<p className="empty-text">{text.noActivity}</p>}
      >
        {(items) => (
          // Focusable: a long feed scrolls in its own box, and nothing in it takes focus to scroll it by keyboard.
          <ol className="collab-list activity-list" aria-label={text.activityTitle} tabIndex={0}>
            {items.map((entry) => (
              <li key={entry.id} className="collab-item">
                <Avatar name={entry.displayName} url={entry.avatarUrl} size="small" />
                <div className="collab-item-text">
                  <span>{activityText(entry, userId)}</span>
                  <time className="muted small" dateTime={entry.createdAt ?? undefined}>
                    {relativeTime(entry.createdAt, now)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        )}
      </ListStates>
    </section>
  );
}
