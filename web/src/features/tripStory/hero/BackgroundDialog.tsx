/**
 * 'Update Trip Background' (docs/product.md#journal): the first chosen image (prepared like journal photos) becomes
 * the trip's hero image; Save Changes is disabled until one is chosen.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { tripMessages } from '../../../lib/messages/tripMessages.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { photoRefusals } from '../photos/PhotoUploader.tsx';
import { preparePhotos } from '../photos/preparePhoto.ts';
import { tripViewApi } from '../tripViewApi.ts';
import { useRefreshTrip } from '../useRefreshTrip.ts';

const text = tripViewMessages;

export function BackgroundDialog({ tripId, open, onOpenChange }: { tripId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [image, setImage] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const toast = useToast();
  const refresh = useRefreshTrip(tripId);
  const save = useMutation({
    mutationFn: (dataUrl: string) => tripViewApi.heroImage(tripId, dataUrl),
    onSuccess: () => {
      toast.success(text.heroUpdated);
      refresh();
      onOpenChange(false);
    },
    onError: (error) => toast.error(text.heroFailed(errorMessage(error, tripMessages.unknownError))),
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const first = event.currentTarget.files?.[0];
    if (!first) return;
    setPreparing(true);
    try {
      const [prepared] = await preparePhotos([first], photoRefusals);
      setImage(prepared ?? null);
    } finally {
      setPreparing(false);
    }
  }

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.backgroundTitle} description={text.backgroundDescription}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!image) return toast.error(text.selectImage);
          save.mutate(image);
        }}
      >
        <label htmlFor={`${id}-file`}>{text.backgroundImage}</label>
        <input id={`${id}-file`} type="file" accept="image/*" onChange={(event) => void choose(event)} />
        {preparing && <p className="hint">{text.journal.processingPhotos}</p>}
        {image && <img className="background-preview" src={image} alt="" />}
        <DialogFormActions
          cancelLabel={text.cancel}
          submitLabel={text.saveChanges}
          pendingLabel={text.saving}
          pending={save.isPending}
          disabled={!image}
        />
      </form>
    </DialogFrame>
  );
}
