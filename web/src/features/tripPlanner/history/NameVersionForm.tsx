/** "Name this version" (owner and editors): takes a version of the trip as it is now, under the member's name for it, and says so. */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VERSION_NAME_MAX } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { historyApi, historyKeys } from '../../../lib/tripHistory/historyApi.ts';
import { historyMessages as text } from './messages.ts';

export function NameVersionForm({ tripId }: { tripId: string }) {
  const id = useId();
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  const take = useMutation({
    mutationFn: (versionName: string) => historyApi.take(tripId, 'named', versionName),
    onSuccess: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: historyKeys.list(tripId) });
    },
  });
  const trimmed = name.trim();
  return (
    <form
      className="history-name-form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) take.mutate(trimmed);
      }}
    >
      <h3 id={`${id}-heading`} className="visually-hidden">
        {text.nameHeading}
      </h3>
      <label htmlFor={`${id}-name`}>{text.nameLabel}</label>
      <div className="history-name-row">
        <input
          id={`${id}-name`}
          value={name}
          maxLength={VERSION_NAME_MAX}
          placeholder={text.namePlaceholder}
          aria-invalid={take.isError || undefined}
          aria-describedby={take.isError ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button small" disabled={!trimmed || take.isPending}>
          {take.isPending ? text.nameSaving : text.nameSave}
        </button>
      </div>
      {/* Said here, not in a toast: a toast would sit behind the modal dialog and take its first Escape. */}
      <div role="status" aria-live="polite">
        {take.isSuccess && <p className="history-named">{text.named(take.data.version.name ?? '')}</p>}
      </div>
      {take.isError && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {text.nameFailed}: {errorMessage(take.error)}
        </p>
      )}
    </form>
  );
}
