/** Password Reset tab: a new password for a user, which ends all of that user's sessions. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { parseWith, ZAdminResetPasswordRequest } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { useToast } from '../../lib/toastStore.ts';
import { adminApi } from './adminApi.ts';
import { adminMessages } from './messages.ts';

export function PasswordResetTab() {
  const text = adminMessages;
  const [email, setEmail] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const reset = useMutation({
    mutationFn: adminApi.resetPassword,
    onSuccess: (result) => {
      toast.success(result.message);
      setEmail('');
      setNewPassword('');
    },
    onError: (caught) => toast.error(errorMessage(caught, appMessages.fallbacks.resetPassword)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWith(ZAdminResetPasswordRequest, { email, newPassword });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    reset.mutate(parsed.data);
  }

  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h2>{text.resetTitle}</h2>
      <FormError message={error} />
      <label>
        {text.email}
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {text.newPassword}
        <input
          type="password"
          autoComplete="new-password"
          placeholder={text.newPasswordPlaceholder}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      </label>
      <SubmitButton label={text.resetSubmit} pending={reset.isPending} />
    </form>
  );
}
