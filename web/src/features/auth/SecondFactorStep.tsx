/**
 * The second step of a sign-in (docs/product.md#two-factor-codes): after the password, Google or single sign-on,
 * a code from the member's authenticator app or one of their backup codes; or their passkey, which signs in on its
 * own. No session exists until it passes; "Back to Log In" drops the pending sign-in (it expires by itself).
 */
import { useState, type FormEvent } from 'react';
import type { TSecondFactorChallenge } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { authApi } from './authApi.ts';
import { loginMessages as text } from './messages.ts';
import { PasskeySignIn } from './PasskeySignIn.tsx';

interface Props {
  challenge: TSecondFactorChallenge['secondFactor'];
  onSignedIn: () => void;
  onCancel: () => void;
}

export function SecondFactorStep({ challenge, onSignedIn, onCancel }: Props) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asksCode = challenge.methods.includes('totp');
  const offersPasskey = challenge.methods.includes('passkey');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(text.codeIntro);
    setBusy(true);
    setError(null);
    try {
      await authApi.signInWithCode(challenge.token, code);
      onSignedIn();
    } catch (caught) {
      setError(errorMessage(caught, text.loginFailed));
      setBusy(false);
    }
  }

  return (
    <section className="second-factor" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">{text.secondFactorTitle}</h2>
      {asksCode && (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">{backup ? text.backupIntro : text.codeIntro}</p>
          <FormError message={error} />
          <label>
            {backup ? text.backupCodeLabel : text.codeLabel}
            <input
              key={backup ? 'backup' : 'app'}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode={backup ? 'text' : 'numeric'}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              autoFocus
            />
          </label>
          <SubmitButton label={text.verify} pendingLabel={text.verifying} pending={busy} />
          <button type="button" className="button ghost" onClick={() => (setBackup(!backup), setCode(''), setError(null))}>
            {backup ? text.useAppCode : text.useBackupCode}
          </button>
        </form>
      )}
      {offersPasskey && (
        <>
          <p className="muted">{asksCode ? text.passkeyInsteadIntro : text.passkeyOnlyIntro}</p>
          <PasskeySignIn onSignedIn={onSignedIn} />
        </>
      )}
      <p className="form-aside">
        <button type="button" className="button ghost" onClick={onCancel}>
          {text.backToLogIn}
        </button>
      </p>
    </section>
  );
}
