/** /admin: Admin Tools with the Users, Trip Access and Password Reset tabs (SPEC-1 §2). */
import { MainLayout } from '../../components/MainLayout.tsx';
import * as Tabs from '@radix-ui/react-tabs';
import { Navigate } from 'react-router-dom';
import { messages } from '@caravan/shared';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { adminMessages } from './messages.ts';
import { PasswordResetTab } from './PasswordResetTab.tsx';
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
        <Tabs.Root defaultValue="users" className="tabs">
          <Tabs.List className="tab-list" aria-label={text.title}>
            <Tabs.Trigger value="users" className="tab">
              {text.usersTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="access" className="tab">
              {text.tripAccessTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="reset" className="tab">
              {text.passwordResetTab}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="users" className="tab-panel">
            <UsersTab me={auth.user} />
          </Tabs.Content>
          <Tabs.Content value="access" className="tab-panel">
            <TripAccessTab />
          </Tabs.Content>
          <Tabs.Content value="reset" className="tab-panel">
            <PasswordResetTab />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </MainLayout>
  );
}
