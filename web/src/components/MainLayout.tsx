/** The signed-in layout: logo, My Trips, Admin for administrators, the user and Log out. */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { TAuthUser } from '@caravan/shared';
import { appMessages } from '../lib/messages/appMessages.ts';
import { useLogout } from '../lib/session.ts';

export function MainLayout({ user, children }: { user: TAuthUser; children: ReactNode }) {
  const logout = useLogout();
  return (
    <div className="app-shell">
      <header className="top-bar">
        <Link to="/" className="logo">
          {appMessages.productName}
        </Link>
        <nav aria-label="Main">
          <NavLink to="/trips">{appMessages.nav.myTrips}</NavLink>
          {user.role === 'admin' && <NavLink to="/admin">{appMessages.nav.admin}</NavLink>}
        </nav>
        <div className="user-menu">
          <span className="user-name">{user.displayName}</span>
          <button type="button" className="button ghost" onClick={() => void logout()}>
            {appMessages.nav.logOut}
          </button>
        </div>
      </header>
      <main className="page">{children}</main>
    </div>
  );
}

/** A minimal layout with a logo link to /. */
export function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell minimal">
      <header className="top-bar">
        <Link to="/" className="logo">
          {appMessages.productName}
        </Link>
      </header>
      <main className="page centered">{children}</main>
    </div>
  );
}
