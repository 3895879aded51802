/**
 * The owner's calendar feed (docs/product.md#calendar-feed): create it, copy its address for a calendar app,
 * make a new address (the old one stops working) or turn it off. The server allows these to the owner only;
 * others never see it.
 */
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCalendarFeed } from '@caravan/shared';
import { ConfirmedDangerButton } from '../../../components/ConfirmedDangerButton.tsx';
import { useToast } from '../../../lib/toastStore.ts';
import { calendarFeedKey, exportApi } from '../exportApi.ts';
import { tripPageMessages } from '../messages.ts';

const text = tripPageMessages.exports.feed;

type FeedChange = 'create' | 'rotate' | 'revoke';
const changes: Record<FeedChange, (tripId: string) => Promise<TCalendarFeed>> = {
  create: exportApi.createCalendarFeed,
  rotate: exportApi.rotateCalendarFeed,
  revoke: exportApi.revokeCalendarFeed,
};
const done: Partial<Record<FeedChange, string>> = { rotate: text.rotated, revoke: text.revoked };

export function CalendarFeedSection({ tripId }: { tripId: string }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: calendarFeedKey(tripId), queryFn: () => exportApi.calendarFeed(tripId) });
  const change = useMutation({
    mutationFn: (kind: FeedChange) => changes[kind](tripId),
    onSuccess: (result, kind) => {
      queryClient.setQueryData(calendarFeedKey(tripId), result);
      if (done[kind]) toast.success(done[kind]);
    },
    onError: () => toast.error(text.failed),
  });
  const url = feed.data?.url ?? null;

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(text.copied);
    } catch {
      toast.error(text.copyFailed);
    }
  }

  return (
    <section className="calendar-feed" aria-labelledby={`${id}-heading`} aria-busy={feed.isPending || change.isPending}>
      <h3 id={`${id}-heading`}>{text.heading}</h3>
      <p className="muted" id={`${id}-help`}>
        {text.help}
      </p>
      {feed.isPending ? (
        <p role="status">{text.loading}</p>
      ) : feed.isError ? (
        <p role="alert">{text.loadFailed}</p>
      ) : url ? (
        <>
          <label htmlFor={`${id}-url`}>{text.address}</label>
          <div className="feed-address">
            <input id={`${id}-url`} readOnly value={url} aria-describedby={`${id}-help`} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button small primary" onClick={() => void copy(url)}>
              {text.copy}
            </button>
          </div>
          <div className="feed-actions">
            <button type="button" className="button small" title={text.rotateHint} disabled={change.isPending} onClick={() => change.mutate('rotate')}>
              {text.rotate}
            </button>
            <ConfirmedDangerButton
              small
              label={text.revoke}
              ariaLabel={text.revokeLabel}
              disabled={change.isPending}
              title={text.revokeTitle}
              description={text.revokeDescription}
              cancelLabel={text.keep}
              onConfirm={() => change.mutate('revoke')}
            />
          </div>
        </>
      ) : (
        <div className="feed-actions">
          <span className="muted">{text.none}</span>
          <button type="button" className="button small primary" disabled={change.isPending} onClick={() => change.mutate('create')}>
            {text.create}
          </button>
        </div>
      )}
    </section>
  );
}
