/**
 * A stop's 'Comments' (docs/product.md#comments): 2 skeleton items while loading, the empty state, the thread, and a
 * 2-row box with Post, disabled while the text is blank; '@' in it mentions a member (./MentionTextarea.tsx).
 * Owners and editors may resolve comments.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { tripViewApi, viewKeys } from '../tripViewApi.ts';
import { useTripViewContext } from '../tripViewContext.ts';
import { CommentItem } from './CommentItem.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import { mentionedIds, type MentionCandidate } from './mentionText.ts';
import { useComments } from './useComments.ts';
import { useMentionCandidates } from './useMentionCandidates.ts';

const text = tripViewMessages.comments;
export const COMMENT_SKELETON_ITEMS = 2;
export const COMMENT_TEXTAREA_ROWS = 2;

export function CommentThread({ tripId, stopId }: { tripId: string; stopId: string }) {
  const id = useId();
  const { doc, canResolve, isMember } = useTripViewContext();
  const comments = useComments(tripId, stopId, doc);
  const candidates = useMentionCandidates(tripId, isMember);
  const [content, setContent] = useState('');
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const queryClient = useQueryClient();
  const toast = useToast();
  const post = useMutation({
    mutationFn: (body: string) => tripViewApi.createComment(tripId, stopId, body, mentionedIds(body, picked)),
    onSuccess: () => {
      toast.success(text.added);
      setContent('');
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: viewKeys.comments(tripId, stopId) });
    },
    onError: (error) => toast.error(errorMessage(error, text.failed)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim() || post.isPending) return;
    post.mutate(content.trim());
  }

  return (
    <section className="comment-thread" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{text.title}</h4>
      {comments.status === 'loading' && <SkeletonRows count={COMMENT_SKELETON_ITEMS} label={text.loading} />}
      {comments.status === 'error' && (
        <p role="alert" className="error-text">
          {text.error(errorMessage(comments.error))}
        </p>
      )}
      {comments.status === 'ready' && comments.items.length === 0 && (
        <div className="collab-empty">
          <p className="collab-empty-title">{text.empty}</p>
          <p className="muted small">{text.emptyBody}</p>
        </div>
      )}
      {comments.status === 'ready' && comments.items.length > 0 && (
        <ul className="comment-list">
          {comments.items.map((comment) => (
            <CommentItem key={comment.id} tripId={tripId} comment={comment} canResolve={canResolve} />
          ))}
        </ul>
      )}
      <form className="comment-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {text.label}
        </label>
        <MentionTextarea
          id={`${id}-input`}
          rows={COMMENT_TEXTAREA_ROWS}
          placeholder={text.placeholder}
          value={content}
          onChange={setContent}
          members={candidates}
          onMention={(member) => setPicked((was) => [...was, member])}
        />
        <button type="submit" className="button small primary" disabled={!content.trim() || post.isPending}>
          {post.isPending ? text.posting : text.post}
        </button>
      </form>
    </section>
  );
}
