/** The Log In and Create Account forms, validated with the shared contracts before sending. */
import { useState } from 'react';
import { parseWith, ZLoginRequest, ZRegisterRequest } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { authApi } from './authApi.ts';
import { AuthForm, EmailField, PasswordField, useSignInAttempt, type SecondFactorHandler } from './authForm.tsx';
import { loginMessages } from './messages.ts';
import { registrationErrorText } from './registrationError.ts';

interface FormProps {
  onSignedIn: () => Promise<void>;
}

export function LoginForm({ onSignedIn, onSecondFactor }: FormProps & { onSecondFactor: SecondFactorHandler }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const attempt = useSignInAttempt(onSignedIn, onSecondFactor);

  function submit() {
    const parsed = parseWith(ZLoginRequest, { email, password });
    if (!parsed.ok) return attempt.refuse(parsed.message);
    void attempt.send(
      () => authApi.login(parsed.data),
      (caught) => errorMessage(caught, loginMessages.loginFailed),
    );
  }

  return (
    <AuthForm attempt={attempt} submitLabel={loginMessages.logInTab} onSubmit={submit}>
      <EmailField value={email} onChange={setEmail} />
      <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
    </AuthForm>
  );
}

export function RegisterForm({ onSignedIn }: FormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const attempt = useSignInAttempt(onSignedIn);

  function submit() {
    const parsed = parseWith(ZRegisterRequest, { email, password, displayName });
    if (!parsed.ok) return attempt.refuse(registrationErrorText(parsed.message));
    void attempt.send(
      () => authApi.register(parsed.data),
      (caught) => registrationErrorText(caught instanceof Error ? caught.message : undefined),
    );
  }

  return (
    <AuthForm attempt={attempt} submitLabel={loginMessages.createAccountTab} onSubmit={submit}>
      <EmailField value={email} onChange={setEmail} />
      <PasswordField
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={{ id: 'password-hint', text: loginMessages.passwordHint }}
      />
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
    </AuthForm>
  );
}
