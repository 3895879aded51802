/** The Log In and Create Account forms, validated with the shared contracts before sending. */
import { useState, type FormEvent } from 'react';
import { parseWith, ZLoginRequest, ZRegisterRequest } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { authApi } from './authApi.ts';
import { loginMessages } from './messages.ts';
import { registrationErrorText } from './registrationError.ts';

interface FormProps {
  onSignedIn: () => Promise<void>;
}

export function LoginForm({ onSignedIn }: FormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWith(ZLoginRequest, { email, password });
    if (!parsed.ok) return setError(parsed.message);
    setBusy(true);
    setError(null);
    try {
      await authApi.login(parsed.data);
      await onSignedIn();
    } catch (caught) {
      setError(errorMessage(caught, loginMessages.loginFailed));
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <label>
        Email
        <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" className="button primary" disabled={busy}>
        {loginMessages.logInTab}
      </button>
    </form>
  );
}

export function RegisterForm({ onSignedIn }: FormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWith(ZRegisterRequest, { email, password, displayName });
    if (!parsed.ok) return setError(registrationErrorText(parsed.message));
    setBusy(true);
    setError(null);
    try {
      await authApi.register(parsed.data);
      await onSignedIn();
    } catch (caught) {
      setError(registrationErrorText(caught instanceof Error ? caught.message : undefined));
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <label>
        Email
        <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby="password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <small id="password-hint">{loginMessages.passwordHint}</small>
      </label>
      <label>
        Display name
        <input
          name="displayName"
          autoComplete="nickname"
          aria-describedby="display-name-hint"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <small id="display-name-hint">{loginMessages.displayNameHint}</small>
      </label>
      <button type="submit" className="button primary" disabled={busy}>
        {loginMessages.createAccountTab}
      </button>
    </form>
  );
}
