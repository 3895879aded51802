/**
 * Protected pages: skeleton while auth loads, /login when signed out, /account while a required second factor is
 * overdue, a refusal for a role lacking permission.
 */
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { TAccountRole, TAuthUser } from '@caravan/shared';
import { useSession } from '../../lib/session.ts';
import { accessMessages } from './messages.ts';

interface Props {
  roles?: TAccountRole[];
  children: (user: TAuthUser) => ReactNode;
  denied?: ReactNode;
}

export function ProtectedRoute({ roles = ['user', 'admin'], children, denied }: Props) {
  const auth = useSession();
  const location = useLocation();
  if (auth.status === 'loading') {
    return <PageSkeleton label="Authenticating" className="page" />;
  }
  if (auth.status === 'unauthenticated') {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  // Past the administrator's grace, an account without a second factor may only set one up.
  if (auth.user.secondFactorSetup?.overdue && location.pathname !== '/account') return <Navigate to="/account" replace />;
  if (!roles.includes(auth.user.role)) {
    return denied ?? <p className="page error-text">{accessMessages.denied(auth.user.role)}</p>;
  }
  return <>{children(auth.user)}</>;
}
