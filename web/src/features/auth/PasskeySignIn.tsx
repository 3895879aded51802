/** "Sign in with a passkey": the browser offers this site's passkeys (no e-mail first), the server checks the one chosen. */
import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeyCalls } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { call, errorMessage } from '../../lib/api.ts';
import { finishPendingSignOut } from '../../lib/session.ts';
import { loginMessages } from './messages.ts';

async function signInWithPasskey() {
  await finishPendingSignOut();
  const { options } = await call(passkeyCalls.passkeys.signInOptions, {});
  const credential = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return call(passkeyCalls.passkeys.signIn, { credential }, { fallback: loginMessages.loginFailed });
}

export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useMutation({ mutationFn: signInWithPasskey, onSuccess: onSignedIn });
  const failure = signIn.error
    ? signIn.error.name === 'NotAllowedError'
      ? loginMessages.passkeyCancelled
      : errorMessage(signIn.error, loginMessages.loginFailed)
    : null;
  return (
    <>
      <button type="button" className="button passkey" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
        {signIn.isPending ? loginMessages.waitingForPasskey : loginMessages.signInWithPasskey}
      </button>
      <FormError message={failure} />
    </>
  );
}
