/**
 * The account page's Profile: the e-mail (read only), the display name and the unit for distances (miles,
 * kilometres, or the browser's locale), saved into the session at once.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { parseWith, ZUpdateProfileRequest, type TAuthUser } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { browserDistanceUnit } from '../../lib/distanceUnit.ts';
import { SESSION_KEY } from '../../lib/session.ts';
import { accountApi } from './accountApi.ts';
import { accountMessages as text } from './messages.ts';
import { useContractForm } from './useContractForm.ts';

export function ProfileForm({ user }: { user: TAuthUser }) {
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [distanceUnit, setDistanceUnit] = useState(user.distanceUnit ?? '');
  const form = useContractForm(
    (values) => parseWith(ZUpdateProfileRequest, values),
    accountApi.updateProfile,
    // The top bar and every page read the session: they show the new name without asking again.
    (answer) => queryClient.setQueryData(SESSION_KEY, answer),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit({ displayName, distanceUnit: distanceUnit === '' ? null : distanceUnit });
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
      <label>
        {text.distanceUnit}
        <select name="distanceUnit" value={distanceUnit} onChange={(event) => setDistanceUnit(event.target.value as typeof distanceUnit)}>
          {text.distanceUnitOptions(text.unitNames[browserDistanceUnit()]).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <SubmitButton label={text.saveName} pendingLabel={text.saving} pending={form.pending} />
    </form>
  );
}
