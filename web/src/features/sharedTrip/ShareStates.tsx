/** The share page while it loads, and when the trip cannot be shown (private now, or a wrong link). */
import { sharePageMessages } from './messages.ts';

const text = sharePageMessages;

export function ShareSkeleton() {
  return (
    <div className="share-page" role="status" aria-busy="true" aria-label={text.loading}>
      <div className="skeleton trip-hero-skeleton" />
      <div className="skeleton skeleton-heading" />
      <div className="skeleton skeleton-block" />
    </div>
  );
}

export function ShareNotFound({ message }: { message: string | null }) {
  return (
    <div className="card share-not-found" role="alert">
      <h1>{text.notFoundTitle}</h1>
      <p>{text.notFoundBody}</p>
      {message && <p className="muted">{message}</p>}
    </div>
  );
}
