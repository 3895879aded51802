/**
 * /invitation/:token (docs/product.md#invitation), for a signed-in user: who invites them to which trip and as what;
 * Accept joins and opens the trip, Decline (nothing is sent) goes back to My Trips.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import { useToast } from '../../lib/toastStore.ts';
import { TRIPS_KEY } from '../../lib/tripQueries.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { invitationApi, invitationKey, retryInvitationDetails } from './invitationApi.ts';
import { InvitationError } from './InvitationError.tsx';
import { invitationPageMessages } from './messages.ts';

const text = invitationPageMessages;

export default function InvitationPage() {
  useDocumentTitle(text.documentTitle);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const details = useQuery({
    queryKey: invitationKey(token),
    queryFn: () => invitationApi.details(token),
    retry: retryInvitationDetails,
    staleTime: 0,
  });
  const accept = useMutation({
    mutationFn: () => invitationApi.accept(token),
    onSuccess: async ({ tripId }) => {
      await queryClient.invalidateQueries({ queryKey: TRIPS_KEY });
      toast.success(text.accepted);
      navigate(`/trips/${tripId}`);
    },
    onError: (error) => toast.error(text.acceptFailed(errorMessage(error, text.unknownError))),
  });

  if (details.isPending) return <PageSkeleton label={text.loading} className="auth-card" />;
  if (details.isError) return <InvitationError message={errorMessage(details.error, '') || null} />;
  const invitation = details.data;

  return (
    <div className="auth-card invitation-card">
      <h1>{text.title}</h1>
      <p>
        {text.invitedYou(invitation.inviter.displayName)} <strong>{invitation.tripTitle}</strong>{' '}
        {text.asRole(invitation.role)}
      </p>
      <p>
        <span className={`badge role-badge role-${invitation.role}`}>{tripMessages.roles[invitation.role]}</span>
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button ghost"
          disabled={accept.isPending}
          onClick={() => {
            toast.info(text.declined);
            navigate('/trips');
          }}
        >
          {text.decline}
        </button>
        <button type="button" className="button primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
          {accept.isPending ? text.accepting : text.accept}
        </button>
      </div>
    </div>
  );
}
