/**
 * 'Invite New Member' (docs/product.md#members): an e-mail and a role (editor or viewer, viewer by default).
 * The e-mail is checked with the call's own rule before sending; on success the form resets.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZInvitableRole, ZInviteeEmail, type TInvitableRole } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import { useToast } from '../../lib/toastStore.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;

export function InviteTab({ tripId }: { tripId: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TInvitableRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const invite = useMutation({
    mutationFn: (input: { email: string; role: TInvitableRole }) => collaborationApi.invite(tripId, input.email, input.role),
    onSuccess: (invitation) => {
      toast.success(text.invitationSent(invitation.invitedEmail));
      setEmail('');
      setRole('viewer');
      void queryClient.invalidateQueries({ queryKey: collabKeys.invitations(tripId) });
    },
    onError: (caught) => toast.error(text.inviteFailed(errorMessage(caught, tripMessages.unknownError))),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ZInviteeEmail.safeParse(email).success) return setError(text.invalidEmail);
    if (!ZInvitableRole.safeParse(role).success) return setError(text.roleRequired);
    setError(null);
    invite.mutate({ email: email.trim(), role });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text.inviteTitle}</h3>
      <form className="form" onSubmit={submit} noValidate>
        <label>
          {text.email}
          <input
            type="email"
            autoComplete="off"
            placeholder={text.emailPlaceholder}
            value={email}
            aria-invalid={error === text.invalidEmail}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          {text.role}
          <select value={role} onChange={(event) => setRole(event.target.value as TInvitableRole)}>
            <option value="viewer">{tripMessages.roles.viewer}</option>
            <option value="editor">{tripMessages.roles.editor}</option>
          </select>
        </label>
        <FormError id={`${id}-error`} message={error} />
        <SubmitButton label={text.sendInvitation} pendingLabel={text.sendingInvitation} pending={invite.isPending} />
      </form>
    </section>
  );
}
