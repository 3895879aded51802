/** The account page's Profile: the e-mail (read only) and the display name, saved into the session at once. */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { parseWith, ZUpdateProfileRequest, type TAuthUser } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { SESSION_KEY } from '../../lib/session.ts';
import { accountApi } from './accountApi.ts';
import { accountMessages as text } from './messages.ts';
import { useContractForm } from './useContractForm.ts';

export function ProfileForm({ user }: { user: TAuthUser }) {
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(user.displayName);
  const form = useContractForm(
    (values) => parseWith(ZUpdateProfileRequest, values),
    accountApi.updateProfile,
    // The top bar and every page read the session: they show the new name without asking again.
    (answer) => queryClient.setQueryData(SESSION_KEY, answer),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit({ displayName });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">{text.profileTitle}</h2>
      <FormError message={form.error} />
      {form.answer && (
        <p role="status" className="form-success">
          {text.nameSaved}
        </p>
      )}
      <label>
        {text.email}
        <input type="email" value={user.email} readOnly autoComplete="email" />
      </label>
      <label>
        {text.displayName}
        <input
          name="displayName"
          autoComplete="nickname"
          aria-describedby="account-name-hint"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <small id="account-name-hint">{text.displayNameHint}</small>
      </label>
      <SubmitButton label={text.saveName} pendingLabel={text.saving} pending={form.pending} />
    </form>
  );
}
