/** The administrator's view of the sign-in settings, with how many active accounts still lack a second factor. */
import type { DataSource } from 'typeorm';
import type { TAdminSignInSettings } from '@caravan/shared';
import { forgetSignInSettings, readSignInSettings, secondFactorDeadline } from '@caravan/engine';

export async function signInSettingsQuery(dataSource: DataSource): Promise<TAdminSignInSettings> {
  // Read fresh: the administrator looks at what is stored, not at this process's copy.
  forgetSignInSettings(dataSource);
  const settings = await readSignInSettings(dataSource);
  const [{ without }]: { without: number }[] = await dataSource.query(
    `SELECT count(*)::int AS without FROM users u
      WHERE u.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id)`,
  );
  return { ...settings, deadline: secondFactorDeadline(settings), accountsWithout: without };
}
