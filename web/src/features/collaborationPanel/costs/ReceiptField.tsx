/**
 * An expense's optional receipt photo: the chosen image goes to the server's photo store (re-encoded there, like
 * a journal photo) and the expense keeps its address. Needs a connection; the rest of the expense does not.
 */
import { useId, useState } from 'react';
import { calls } from '@caravan/shared';
import { call, errorMessage } from '../../../lib/api.ts';
import { costsMessages as text } from './costsMessages.ts';

interface Props {
  tripId: string;
  value: string | null;
  onChange: (url: string | null) => void;
  onError: (message: string | null) => void;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function ReceiptField({ tripId, value, onChange, onError }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const { url } = await call(calls.costs.uploadReceipt, { tripId, image: await readAsDataUrl(file) });
      onChange(url);
      onError(null);
    } catch (caught) {
      onError(text.receiptFailed(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="costs-receipt">
      <label htmlFor={`${id}-file`}>{text.receipt}</label>
      {/* Remounted when the receipt changes, so a saved or removed one does not leave its file name behind. */}
      <input key={value ?? 'none'} id={`${id}-file`} type="file" accept="image/*" disabled={busy} aria-busy={busy} onChange={(event) => void choose(event.target.files?.[0])} />
      {value && (
        <p className="small">
          <a href={value} target="_blank" rel="noreferrer">
            {text.receiptAttached}
          </a>{' '}
          <button type="button" className="button small ghost" onClick={() => onChange(null)}>
            {text.removeReceipt}
          </button>
        </p>
      )}
    </div>
  );
}
