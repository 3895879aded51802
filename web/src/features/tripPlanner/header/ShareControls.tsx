/**
 * The header's sharing controls (docs/product.md#trip-page): the 'Make public' switch and, for a public trip with a
 * share token, its address with Copy and 'Story View'. Only the owner may change sharing (the server
 * refuses anyone else), so others see the switch's state without being able to flip it.
 */
import { memo, useId } from 'react';
import * as Switch from '@radix-ui/react-switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { TTripDetail } from '@caravan/shared';
import { useToast } from '../../../lib/toastStore.ts';
import { tripKeys } from '../../../lib/tripQueries.ts';
import { tripPageMessages } from '../messages.ts';
import { tripApi } from '../tripApi.ts';

const text = tripPageMessages;

interface Props {
  tripId: string;
  isPublic: boolean;
  shareToken: string | null;
  canChange: boolean;
}

export const ShareControls = memo(function ShareControls({ tripId, isPublic, shareToken, canChange }: Props) {
  const switchId = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const share = useMutation({
    mutationFn: (next: boolean) => tripApi.share(tripId, next),
    onSuccess: (result) => {
      queryClient.setQueryData<TTripDetail>(tripKeys.details(tripId), (old) => old && { ...old, ...result });
      toast.success(result.isPublic ? text.nowPublic : text.nowPrivate);
    },
    onError: () => toast.error(text.sharingFailed),
  });
  const checked = share.isPending ? share.variables : isPublic;
  const shareUrl = shareToken ? `${window.location.origin}/share/${shareToken}` : null;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(text.copied);
    } catch {
      toast.error(text.copyFailed);
    }
  }

  return (
    <div className="share-controls" role="group" aria-label={text.sharing}>
      <div className="switch-row" title={canChange ? undefined : text.ownerOnlySharing}>
        <Switch.Root
          id={switchId}
          className="switch"
          checked={checked}
          disabled={!canChange || share.isPending}
          onCheckedChange={(next) => share.mutate(next)}
        >
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
        <label htmlFor={switchId}>{text.makePublic}</label>
      </div>
      {isPublic && shareUrl && (
        <div className="share-address">
          <label className="visually-hidden" htmlFor={`${switchId}-url`}>
            {text.shareAddress}
          </label>
          <input id={`${switchId}-url`} readOnly value={shareUrl} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button small" onClick={() => void copy(shareUrl)}>
            {text.copy}
          </button>
          <button type="button" className="button small primary" onClick={() => navigate(`/share/${shareToken}`)}>
            {text.storyView}
          </button>
        </div>
      )}
    </div>
  );
});
