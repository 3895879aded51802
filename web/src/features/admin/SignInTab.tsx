/**
 * Sign-in tab: the switch that requires a second factor (a passkey or two-factor codes) of every account, with the
 * grace in days before members without one can sign in only to set one up.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, parseWith, SECOND_FACTOR_GRACE_DAYS_MAX, ZAdminSignInSettingsRequest } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { SESSION_KEY } from '../../lib/session.ts';
import { useToast } from '../../lib/toastStore.ts';
import { ADMIN_SIGN_IN_KEY, adminApi } from './adminApi.ts';
import { adminMessages } from './messages.ts';

const day = (date: Date) => date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

export function SignInTab() {
  const text = adminMessages.signIn;
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: ADMIN_SIGN_IN_KEY, queryFn: adminApi.signInSettings });
  const [required, setRequired] = useState(false);
  const [graceDays, setGraceDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    setRequired(settings.data.requireSecondFactor);
    setGraceDays(String(settings.data.graceDays));
  }, [settings.data]);
  const save = useMutation({
    mutationFn: adminApi.updateSignInSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(ADMIN_SIGN_IN_KEY, saved);
      // The administrator's own account may now be asked for a second factor.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      toast.success(messages.admin.settingsSaved);
    },
    onError: (caught) => setError(errorMessage(caught, appMessages.fallbacks.unknown)),
  });

  if (settings.isPending) return <PageSkeleton label={text.loading} className="form narrow" />;
  if (settings.isError) return <p className="error-text">{text.errorLoading(errorMessage(settings.error, appMessages.fallbacks.unknown))}</p>;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWith(ZAdminSignInSettingsRequest, { requireSecondFactor: required, graceDays: graceDays.trim() === '' ? NaN : Number(graceDays) });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    save.mutate(parsed.data);
  }

  const { data } = settings;
  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h2>{text.title}</h2>
      <FormError message={error} />
      <label className="checkbox-row">
        <input type="checkbox" name="requireSecondFactor" checked={required} onChange={(event) => setRequired(event.target.checked)} />
        {text.requireSecondFactor}
      </label>
      <label>
        {text.graceDays}
        <input
          type="number"
          name="graceDays"
          min={0}
          max={SECOND_FACTOR_GRACE_DAYS_MAX}
          step={1}
          inputMode="numeric"
          value={graceDays}
          onChange={(event) => setGraceDays(event.target.value)}
          aria-describedby="grace-days-hint"
        />
        <small id="grace-days-hint">{text.graceHint}</small>
      </label>
      <SubmitButton label={text.save} pendingLabel={text.saving} pending={save.isPending} />
      <p className="muted" data-testid="sign-in-settings-state">
        {data.requireSecondFactor && data.requiredSince && data.deadline ? text.on(day(data.requiredSince), day(data.deadline)) : text.off}{' '}
        {text.without(data.accountsWithout)}
      </p>
    </form>
  );
}
