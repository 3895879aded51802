/** One comment: initials avatar, author, when, text (its mentions shown as such); a Resolve checkbox for owners and editors. */
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocComment } from '@caravan/shared';
import { Avatar } from '../../../components/Avatar.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { relativeTime } from '../../../lib/relativeTime.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { tripViewApi, viewKeys } from '../tripViewApi.ts';
import { CommentText } from './CommentText.tsx';

const text = tripViewMessages.comments;

export function CommentItem({ tripId, comment, canResolve }: { tripId: string; comment: DocComment; canResolve: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // The new value shows until the thread itself says so: the call may answer before the document does.
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => {
    if (pending === comment.resolved) setPending(null);
  }, [pending, comment.resolved]);
  const resolve = useMutation({
    mutationFn: (resolved: boolean) => tripViewApi.resolveComment(tripId, comment.id, resolved),
    onMutate: (resolved) => setPending(resolved),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: viewKeys.comments(tripId, comment.stopId) }),
    onError: (error) => {
      setPending(null);
      toast.error(errorMessage(error, text.resolveFailed));
    },
  });
  const resolved = pending ?? comment.resolved;

  return (
    <li className={`comment${resolved ? ' comment-resolved' : ''}`}>
      <Avatar name={comment.userDisplayName} url={comment.userAvatarUrl} size="small" />
      <div className="comment-body">
        <div className="comment-meta">
          <span className="comment-author">{comment.userDisplayName}</span>
          <time className="muted small" dateTime={comment.createdAt}>
            {relativeTime(comment.createdAt)}
          </time>
        </div>
        <CommentText content={comment.content} mentions={comment.mentions} />
      </div>
      {canResolve && (
        <label className="comment-resolve small">
          <input
            type="checkbox"
            checked={resolved}
            disabled={resolve.isPending}
            aria-label={text.resolveLabel(comment.userDisplayName)}
            onChange={(event) => resolve.mutate(event.target.checked)}
          />
          {text.resolve}
        </label>
      )}
    </li>
  );
}
