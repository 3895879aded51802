/** /admin: Admin Tools with the Users, Trip Access, Password Reset, Outbox and Sign-in tabs (docs/product.md#admin). */
import { MainLayout } from '../../components/MainLayout.tsx';
import { Navigate } from 'react-router-dom';
import { messages } from '@caravan/shared';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ViewTabs } from '../../components/ViewTabs.tsx';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { adminMessages } from './messages.ts';
import { OutboxTab } from './OutboxTab.tsx';
import { PasswordResetTab } from './PasswordResetTab.tsx';
import { SignInTab } from './SignInTab.tsx';
import { TripAccessTab } from './TripAccessTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export default function AdminPage() {
  const text = adminMessages;
  useDocumentTitle(`${text.title} · ${appMessages.productName}`);
  const auth = useSession();
  if (auth.status === 'loading') {
    return <PageSkeleton label="Loading" className="page" />;
  }
  if (auth.status === 'unauthenticated') return <Navigate to="/login" replace />;
  if (auth.user.secondFactorSetup?.overdue) return <Navigate to="/account" replace />;
  if (auth.user.role !== 'admin') {
    return (
      <MainLayout user={auth.user}>
        <div className="empty-state">
          <h1>{messages.admin.accessDeniedTitle}</h1>
          <p>{messages.admin.accessDeniedBody}</p>
        </div>
      </MainLayout>
    );
  }
  return (
    <MainLayout user={auth.user}>
      <div className="admin-layout">
        <div className="page-header">
          <h1>{text.title}</h1>
          <span className="badge admin">{text.badge}</span>
        </div>
        <ViewTabs
          label={text.title}
          defaultValue="users"
          panelClassName="tab-panel"
          tabs={[
            { value: 'users', label: text.usersTab, content: <UsersTab me={auth.user} /> },
            { value: 'access', label: text.tripAccessTab, content: <TripAccessTab /> },
            { value: 'reset', label: text.passwordResetTab, content: <PasswordResetTab /> },
            { value: 'outbox', label: text.outboxTab, content: <OutboxTab /> },
            { value: 'sign-in', label: text.signInTab, content: <SignInTab /> },
          ]}
        />
      </div>
    </MainLayout>
  );
}
