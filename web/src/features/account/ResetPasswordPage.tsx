/**
 * /reset-password#token=…: chooses a new password with an e-mailed link. The token is read from the
 * fragment (never sent to the server with the page) and then taken out of the address bar and the history's URLs.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { parseWith, ZResetPasswordRequest } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { SESSION_KEY } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { accountApi } from './accountApi.ts';
import { NewPasswordField } from './NewPasswordField.tsx';
import { accountMessages as text } from './messages.ts';
import { useContractForm } from './useContractForm.ts';

/**
 * The link's token, moved from the address bar into this history entry's state: the page can mount a second time
 * (its layout settles once the session is known), and by then the fragment is gone.
 */
function takeToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) {
    window.history.replaceState({ ...window.history.state, resetToken: token }, '', window.location.pathname);
    return token;
  }
  const kept: unknown = window.history.state?.resetToken;
  return typeof kept === 'string' ? kept : null;
}

export default function ResetPasswordPage() {
  useDocumentTitle(text.resetTitle);
  const queryClient = useQueryClient();
  const [token] = useState(takeToken);
  const [newPassword, setNewPassword] = useState('');
  // Using the link ends every session of the account: whatever this browser knew of one is gone.
  const form = useContractForm((values) => parseWith(ZResetPasswordRequest, values), accountApi.resetPassword, () =>
    queryClient.removeQueries({ queryKey: SESSION_KEY }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit({ token, newPassword });
  }

  let body;
  if (form.answer) {
    body = (
      <>
        <p role="status" className="form-success">
          {form.answer.message}
        </p>
        <Link className="button primary" to="/login">
          {text.goToLogin}
        </Link>
      </>
    );
  } else if (!token) {
    body = (
      <>
        <p>{text.noToken}</p>
        <Link to="/forgot-password">{text.askAgain}</Link>
      </>
    );
  } else {
    body = (
      <form className="form" onSubmit={submit} noValidate>
        <FormError message={form.error} />
        <NewPasswordField value={newPassword} onChange={setNewPassword} />
        <SubmitButton label={text.setPassword} pendingLabel={text.saving} pending={form.pending} />
        {form.error && <Link to="/forgot-password">{text.askAgain}</Link>}
      </form>
    );
  }

  return (
    <div className="auth-card fits">
      <h1>{text.resetTitle}</h1>
      {body}
    </div>
  );
}
