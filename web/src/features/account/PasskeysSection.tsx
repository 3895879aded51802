/** The account page's Passkeys: add one (the browser's own dialog), and each one's name, dates, rename and remove. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPasskey } from '@caravan/shared';
import { ConfirmedDangerButton } from '../../components/ConfirmedDangerButton.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { accountMessages as text } from './messages.ts';
import { PASSKEYS_KEY, passkeysApi } from './passkeysApi.ts';
import { SESSION_KEY } from '../../lib/session.ts';
import { TWO_FACTOR_KEY } from './twoFactorApi.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The browser's dialog was closed or timed out: WebAuthn says NotAllowedError and nothing more. */
const failure = (caught: unknown) =>
  caught instanceof Error && caught.name === 'NotAllowedError' ? text.passkeyCancelled : errorMessage(caught, text.failed);

export function PasskeysSection() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: passkeysApi.list });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const done = (message: string) => {
    setStatus(message);
    void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    // A first passkey can meet the administrator's requirement, which the session and the codes section show.
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  };
  const add = useMutation({
    mutationFn: passkeysApi.add,
    onMutate: () => (setError(null), setStatus(null)),
    onSuccess: ({ passkey }) => {
      setName('');
      done(text.passkeyAdded(passkey.name));
    },
    onError: (caught) => setError(failure(caught)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(name);
  }

  return (
    <section className="form" aria-labelledby="account-passkeys-title" data-testid="passkeys">
      <h2 id="account-passkeys-title">{text.passkeysTitle}</h2>
      <p className="muted">{text.passkeysIntro}</p>
      <FormError message={error} />
      {status && (
        <p role="status" className="form-success">
          {status}
        </p>
      )}
      {passkeys.data && passkeys.data.passkeys.length === 0 && <p className="muted">{text.noPasskeys}</p>}
      {passkeys.data && passkeys.data.passkeys.length > 0 && (
        <ul className="passkey-list">
          {passkeys.data.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onDone={done} onError={setError} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="form" noValidate>
        <label>
          {text.passkeyName}
          <input name="passkeyName" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} placeholder={text.passkeyNamePlaceholder} />
        </label>
        <SubmitButton label={text.addPasskey} pendingLabel={text.addingPasskey} pending={add.isPending} />
      </form>
    </section>
  );
}

function PasskeyItem({ passkey, onDone, onError }: { passkey: TPasskey; onDone: (message: string) => void; onError: (message: string | null) => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: () => passkeysApi.rename(passkey.id, name),
    onMutate: () => onError(null),
    onSuccess: ({ passkey: renamed }) => {
      setEditing(false);
      onDone(text.passkeyRenamed(renamed.name));
    },
    onError: (caught) => onError(failure(caught)),
  });
  const remove = useMutation({
    mutationFn: () => passkeysApi.remove(passkey.id),
    onMutate: () => onError(null),
    onSuccess: ({ message }) => onDone(message),
    onError: (caught) => onError(failure(caught)),
  });

  return (
    <li className="passkey-item">
      {editing ? (
        <form
          className="passkey-rename"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate();
          }}
        >
          <label>
            {text.renamePasskeyLabel(passkey.name)}
            <input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} autoFocus />
          </label>
          <div className="passkey-actions">
            <SubmitButton label={text.saveName} pendingLabel={text.saving} pending={rename.isPending} />
            <button type="button" className="button ghost small" onClick={() => (setEditing(false), setName(passkey.name))}>
              {text.cancel}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <strong>{passkey.name}</strong>
            <p className="hint">
              {text.passkeyDates(day(passkey.createdAt), passkey.lastUsedAt ? day(passkey.lastUsedAt) : null)}
            </p>
          </div>
          <div className="passkey-actions">
            <button type="button" className="button small" aria-label={text.renamePasskey(passkey.name)} onClick={() => setEditing(true)}>
              {text.rename}
            </button>
            <ConfirmedDangerButton
              label={text.remove}
              ariaLabel={text.removePasskey(passkey.name)}
              small
              disabled={remove.isPending}
              title={text.removePasskeyTitle(passkey.name)}
              description={text.removePasskeyBody}
              cancelLabel={text.cancel}
              onConfirm={() => remove.mutate()}
            />
          </div>
        </>
      )}
    </li>
  );
}
