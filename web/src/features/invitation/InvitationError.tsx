/** 'Invitation Error' (docs/product.md#invitation): the message, a hint about why, and a way back to My Trips. */
import { Link } from 'react-router-dom';
import { invitationPageMessages } from './messages.ts';

const text = invitationPageMessages;

export function InvitationError({ message }: { message: string | null }) {
  return (
    <div className="auth-card invitation-card" role="alert">
      <h1>{text.errorTitle}</h1>
      <p>{message || text.errorFallback}</p>
      <p className="muted small">{text.errorHint}</p>
      <Link to="/trips" className="button primary">
        {text.goToTrips}
      </Link>
    </div>
  );
}
