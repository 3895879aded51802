/** The trip's versions, newest first, a page at a time, with their loading, failure and empty states. */
import type { TTripVersion } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { historyMessages as text } from './messages.ts';
import type { useHistoryList } from './useHistoryList.ts';
import { VersionRow } from './VersionRow.tsx';

interface Props {
  list: ReturnType<typeof useHistoryList>;
  headingId: string;
  onView: (version: TTripVersion) => void;
  onChangesSince: (version: TTripVersion) => void;
}

export function VersionList({ list, headingId, onView, onChangesSince }: Props) {
  return (
    <section className="history-versions" aria-labelledby={headingId} aria-busy={list.isPending}>
      <h3 id={headingId}>{text.versionsHeading}</h3>
      {list.isPending && <p className="muted">{text.loading}</p>}
      {list.isError && (
        <p role="alert" className="form-error">
          {text.loadFailed}: {errorMessage(list.error)}
        </p>
      )}
      {list.isSuccess && list.versions.length === 0 && <p className="muted">{text.empty}</p>}
      {list.versions.length > 0 && (
        <ol className="history-version-list" aria-labelledby={headingId}>
          {list.versions.map((version) => (
            <VersionRow key={version.id} version={version} onView={onView} onChangesSince={onChangesSince} />
          ))}
        </ol>
      )}
      {list.hasNextPage && (
        <button type="button" className="button small ghost" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? text.loadingMore : text.loadMore}
        </button>
      )}
    </section>
  );
}
