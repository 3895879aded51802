/** The Photos field of the journal editor: thumbnails with Remove, and a file picker for more images. */
import { useId, useState, type ChangeEvent } from 'react';
import { JOURNAL_MAX_PHOTOS } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { preparePhotos } from './preparePhoto.ts';

const text = tripViewMessages.journal;

export const photoRefusals = {
  'not-an-image': text.notAnImage,
  'too-large': text.photoTooLarge,
  unreadable: text.unreadablePhoto,
};

interface Props {
  photos: string[];
  onChange: (photos: string[]) => void;
  /** The stop's name, for the thumbnails' alternative text. */
  stopName: string;
}

export function PhotoUploader({ photos, onChange, stopName }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    setBusy(true);
    try {
      const added = await preparePhotos(files, photoRefusals);
      onChange([...photos, ...added].slice(0, JOURNAL_MAX_PHOTOS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="photo-uploader">
      <legend>{text.photos}</legend>
      {photos.length > 0 && (
        <ul className="photo-grid">
          {photos.map((photo, index) => (
            <li key={`${index}-${photo.slice(-24)}`}>
              <img src={photo} alt={text.photoAlt(stopName, index + 1)} />
              <button
                type="button"
                className="icon-button danger photo-remove"
                aria-label={text.removePhoto(index + 1)}
                onClick={() => onChange(photos.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-file`}
        className="visually-hidden file-input"
        type="file"
        accept="image/*"
        multiple
        disabled={busy || photos.length >= JOURNAL_MAX_PHOTOS}
        onChange={(event) => void add(event)}
      />
      <label htmlFor={`${id}-file`} className="button small">
        {text.addPhotos}
      </label>
      {busy && <p className="hint" role="status">{text.processingPhotos}</p>}
    </fieldset>
  );
}
