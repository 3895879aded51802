/** The account page's Password: the current one, then the new one; every other device is signed out. */
import { useState, type FormEvent } from 'react';
import { parseWith, ZChangePasswordRequest } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { accountApi } from './accountApi.ts';
import { NewPasswordField } from './NewPasswordField.tsx';
import { accountMessages as text } from './messages.ts';
import { useContractForm } from './useContractForm.ts';

export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useContractForm(
    (values) => parseWith(ZChangePasswordRequest, values),
    accountApi.changePassword,
    () => {
      setCurrentPassword('');
      setNewPassword('');
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit({ currentPassword, newPassword });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="account-password-title">
      <h2 id="account-password-title">{text.passwordTitle}</h2>
      <p className="muted">{text.passwordIntro}</p>
      <FormError message={form.error} />
      {form.answer && (
        <p role="status" className="form-success">
          {form.answer.message}
        </p>
      )}
      <label>
        {text.currentPassword}
        <input type="password" name="currentPassword" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
      </label>
      <NewPasswordField value={newPassword} onChange={setNewPassword} />
      <SubmitButton label={text.changePassword} pendingLabel={text.changing} pending={form.pending} />
    </form>
  );
}
