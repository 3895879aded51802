/**
 * The administrator requires a second factor and this account has none: during the grace a notice on every page
 * with the date and a link to the account page; after it, the account page says what is left to do (the other
 * pages send the member there: ProtectedRoute).
 */
import { Link, useLocation } from 'react-router-dom';
import type { TSecondFactorSetup } from '@caravan/shared';
import { appMessages } from '../lib/messages/appMessages.ts';

export function SecondFactorNotice({ setup }: { setup: TSecondFactorSetup }) {
  const onAccountPage = useLocation().pathname === '/account';
  const date = new Date(setup.deadline).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <div className="second-factor-notice" role="status">
      <p>{setup.overdue ? appMessages.secondFactorOverdue : appMessages.secondFactorDue(date)}</p>
      {!onAccountPage && (
        <Link to="/account" className="button small">
          {appMessages.setUpNow}
        </Link>
      )}
    </div>
  );
}
