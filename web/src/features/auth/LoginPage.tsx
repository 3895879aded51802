/**
 * /login: Log In and Create Account tabs, each with Google sign-in (and single sign-on, when the server has
 * OIDC_ISSUER) above the form (docs/product.md#log-in). An account that asks for a second factor gets its second
 * step in place of the tabs.
 */
import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_REDIRECT_DELAY_MS, type TSecondFactorChallenge } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ViewTabs } from '../../components/ViewTabs.tsx';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { sameOriginPath } from '../../lib/sameOriginPath.ts';
import { SESSION_KEY, useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { authApi } from './authApi.ts';
import { LoginForm, RegisterForm } from './AuthForms.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { loginMessages } from './messages.ts';
import { useGooglePopup } from './useGooglePopup.ts';

export default function LoginPage() {
  useDocumentTitle(loginMessages.title);
  const auth = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = sameOriginPath(params.get('redirect'), window.location.origin);
  const config = useQuery({ queryKey: ['auth-config'], queryFn: authApi.config, staleTime: Infinity });

  const signedIn = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    navigate(target, { replace: true });
  }, [navigate, queryClient, target]);
  const popupSignedIn = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  }, [navigate, queryClient, target]);
  const google = useGooglePopup(popupSignedIn);
  const oidc = useGooglePopup(popupSignedIn, 'oidc');
  // The password's answer when the account asks for a second factor; the popups hold their own.
  const [passwordSecondFactor, setPasswordSecondFactor] = useState<TSecondFactorChallenge['secondFactor'] | null>(null);

  if (auth.status === 'loading') {
    return <PageSkeleton label="Loading" className="auth-card" />;
  }
  if (auth.status === 'authenticated' && google.state.status !== 'success' && oidc.state.status !== 'success') {
    return <Navigate to={target} replace />;
  }

  const popupSecondFactor = [google, oidc].find((popup) => popup.state.status === 'secondFactor');
  if (passwordSecondFactor || popupSecondFactor?.state.status === 'secondFactor') {
    const challenge = passwordSecondFactor ?? (popupSecondFactor!.state as { challenge: TSecondFactorChallenge['secondFactor'] }).challenge;
    return (
      <div className="auth-card">
        <h1>{appMessages.productName}</h1>
        <SecondFactorStep
          challenge={challenge}
          onSignedIn={passwordSecondFactor ? () => void signedIn() : popupSignedIn}
          onCancel={() => {
            setPasswordSecondFactor(null);
            popupSecondFactor?.reset();
          }}
        />
      </div>
    );
  }

  const googleEnabled = config.data?.googleEnabled ?? false;
  const oidcName = config.data?.oidcName ?? null;
  const linking = [google, oidc].find((popup) => popup.state.status === 'error' && popup.state.code === 'account_linking_required');
  const googleButton = (
    <>
      <button
        type="button"
        className="button google"
        onClick={google.start}
        disabled={!googleEnabled || google.state.status === 'connecting'}
        title={googleEnabled ? undefined : loginMessages.googleNotConfigured}
      >
        {googleEnabled ? loginMessages.continueWithGoogle : loginMessages.googleNotConfigured}
      </button>
      {google.state.status === 'error' && google.state.code !== 'account_linking_required' && <FormError message={google.state.message} />}
      {oidcName && (
        <button type="button" className="button google sso" onClick={oidc.start} disabled={oidc.state.status === 'connecting'}>
          {oidcName}
        </button>
      )}
      {oidc.state.status === 'error' && oidc.state.code !== 'account_linking_required' && <FormError message={oidc.state.message} />}
      <div className="separator" role="separator">
        <span>{loginMessages.or}</span>
      </div>
    </>
  );

  return (
    <div className="auth-card">
      <h1>{appMessages.productName}</h1>
      {linking?.state.status === 'error' && (
        <div className="notice-card" role="alertdialog" aria-labelledby="account-exists-title">
          <h2 id="account-exists-title">{loginMessages.accountExistsTitle}</h2>
          <p>{linking.state.message}</p>
          <button type="button" className="button" onClick={linking.reset}>
            {loginMessages.gotIt}
          </button>
        </div>
      )}
      <ViewTabs
        label={loginMessages.title}
        defaultValue="login"
        panelClassName="tab-panel"
        tabs={[
          {
            value: 'login',
            label: loginMessages.logInTab,
            content: (
              <>
                {googleButton}
                <PasskeySignIn onSignedIn={signedIn} />
                <LoginForm onSignedIn={signedIn} onSecondFactor={setPasswordSecondFactor} />
                <p className="form-aside">
                  <Link to="/forgot-password">{loginMessages.forgotPassword}</Link>
                </p>
              </>
            ),
          },
          { value: 'register', label: loginMessages.createAccountTab, content: <>{googleButton}<RegisterForm onSignedIn={signedIn} /></> },
        ]}
      />
    </div>
  );
}
