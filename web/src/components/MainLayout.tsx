/**
 * The two page frames: the signed-in layout (logo, My Trips, Admin for administrators, the notification bell, the
 * user's name linking to their account page, and Log out) and a minimal one with just the logo. Both share the shell:
 * top bar with the logo link to /, then the page. A page open to everyone (the landing page) takes whichever
 * fits the visitor (SessionLayout).
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { TAuthUser } from '@caravan/shared';
import { appMessages } from '../lib/messages/appMessages.ts';
import { useLogout, useSession } from '../lib/session.ts';
import { NotificationBell } from './notifications/NotificationBell.tsx';
import { SecondFactorNotice } from './SecondFactorNotice.tsx';

interface AppShellProps {
  minimal: boolean;
  /** What the top bar holds after the logo. */
  topBar?: ReactNode;
  children: ReactNode;
}

function AppShell({ minimal, topBar, children }: AppShellProps) {
  return (
    <div className={minimal ? 'app-shell minimal' : 'app-shell'}>
      <header className="top-bar">
        <Link to="/" className="logo">
          {appMessages.productName}
        </Link>
        {topBar}
      </header>
      <main className={minimal ? 'page centered' : 'page'}>{children}</main>
    </div>
  );
}

export function MainLayout({ user, children }: { user: TAuthUser; children: ReactNode }) {
  const logout = useLogout();
  const topBar = (
    <>
      <nav aria-label="Main">
        <NavLink to="/trips">{appMessages.nav.myTrips}</NavLink>
        {user.role === 'admin' && <NavLink to="/admin">{appMessages.nav.admin}</NavLink>}
      </nav>
      <div className="user-menu">
        <NotificationBell />
        {/* The name opens the account page, where it is changed. */}
        <NavLink to="/account" className="user-name" title={appMessages.nav.account}>
          {user.displayName}
        </NavLink>
        <button type="button" className="button ghost" onClick={() => void logout()}>
          {appMessages.nav.logOut}
        </button>
      </div>
    </>
  );
  return (
    <AppShell minimal={false} topBar={topBar}>
      {user.secondFactorSetup && <SecondFactorNotice setup={user.secondFactorSetup} />}
      {children}
    </AppShell>
  );
}

export function MinimalLayout({ children }: { children: ReactNode }) {
  return <AppShell minimal>{children}</AppShell>;
}

/**
 * The signed-in frame for a signed-in visitor, so they see who they are and where to go; else the minimal one,
 * with a way to log in once the session is known to be absent.
 */
export function SessionLayout({ children }: { children: ReactNode }) {
  const auth = useSession();
  if (auth.status === 'authenticated') return <MainLayout user={auth.user}>{children}</MainLayout>;
  const logIn = (
    <div className="user-menu">
      <Link to="/login" className="button ghost">
        {appMessages.nav.logIn}
      </Link>
    </div>
  );
  return (
    <AppShell minimal topBar={auth.status === 'unauthenticated' ? logIn : undefined}>
      {children}
    </AppShell>
  );
}
