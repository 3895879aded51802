/** /account (docs/product.md#account): one's own display name, password, passkeys, two-factor codes, notification choices and the offline maps kept on this device. */
import type { TAuthUser } from '@caravan/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { accountMessages as text } from './messages.ts';
import { NotificationsSection } from './NotificationsSection.tsx';
import { OfflineMapsSection } from './OfflineMapsSection.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { PushDeviceSection } from './PushDeviceSection.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

export default function AccountPage({ user }: { user: TAuthUser }) {
  useDocumentTitle(text.title);
  return (
    <div className="account-page">
      <h1>{text.title}</h1>
      <div className="account-forms">
        <ProfileForm user={user} />
        <PasswordForm />
        <PasskeysSection />
        <TwoFactorSection />
        <NotificationsSection />
        <PushDeviceSection />
        <OfflineMapsSection userId={user.id} />
      </div>
    </div>
  );
}
