/**
 * What the Log In and Create Account forms share: the send-then-sign-in step with its error and busy
 * state, the form frame (error line, fields, submit button) and the e-mail and password fields.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { TSecondFactorChallenge } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';

export interface SignInAttempt {
  error: string | null;
  busy: boolean;
  /** Shows a problem found before sending (the contract's message). */
  refuse: (message: string) => void;
  /** Sends, then signs in; a failure shows `failureText(caught)` and enables the form again. */
  send: (request: () => Promise<unknown>, failureText: (caught: unknown) => string) => Promise<void>;
}

export type SecondFactorHandler = (challenge: TSecondFactorChallenge['secondFactor']) => void;

/** A sign-in whose answer asks for a second factor goes on to `onSecondFactor` instead of signing in. */
export function useSignInAttempt(onSignedIn: () => Promise<void>, onSecondFactor?: SecondFactorHandler): SignInAttempt {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(request: () => Promise<unknown>, failureText: (caught: unknown) => string) {
    setBusy(true);
    setError(null);
    try {
      const answer = await request();
      if (onSecondFactor && answer && typeof answer === 'object' && 'secondFactor' in answer) {
        setBusy(false);
        onSecondFactor((answer as TSecondFactorChallenge).secondFactor);
        return;
      }
      await onSignedIn();
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  }
  return { error, busy, refuse: setError, send };
}

interface AuthFormProps {
  attempt: SignInAttempt;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** Validation is the contract's, so the browser's own (noValidate) stays out of the way. */
export function AuthForm({ attempt, submitLabel, onSubmit, children }: AuthFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormError message={attempt.error} />
      {children}
      <SubmitButton label={submitLabel} pending={attempt.busy} />
    </form>
  );
}

export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label>
      Email
      <input type="email" name="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The rule shown under the field, tied to it with aria-describedby. */
  hint?: { id: string; text: string };
}

export function PasswordField({ value, onChange, autoComplete, hint }: PasswordFieldProps) {
  return (
    <label>
      Password
      <input
        type="password"
        name="password"
        autoComplete={autoComplete}
        aria-describedby={hint?.id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && <small id={hint.id}>{hint.text}</small>}
    </label>
  );
}
