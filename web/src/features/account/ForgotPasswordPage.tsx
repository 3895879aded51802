/**
 * /forgot-password: asks for a reset link by e-mail. The answer is the same whether or not an account uses
 * the address, so the page says what the server says and nothing more.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { parseWith, ZForgotPasswordRequest } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { accountApi } from './accountApi.ts';
import { accountMessages as text } from './messages.ts';
import { useContractForm } from './useContractForm.ts';

export default function ForgotPasswordPage() {
  useDocumentTitle(text.forgotTitle);
  const [email, setEmail] = useState('');
  const form = useContractForm((values) => parseWith(ZForgotPasswordRequest, values), accountApi.forgotPassword);

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit({ email });
  }

  return (
    <div className="auth-card fits">
      <h1>{text.forgotTitle}</h1>
      {form.answer ? (
        <p role="status" className="form-success">
          {form.answer.message}
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">{text.forgotIntro}</p>
          <FormError message={form.error} />
          <label>
            {text.email}
            <input type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
          <SubmitButton label={text.sendLink} pendingLabel={text.sending} pending={form.pending} />
        </form>
      )}
      <p>
        <Link to="/login">{text.backToLogin}</Link>
      </p>
    </div>
  );
}
