/** Sets the administrator's sign-in settings straight in the database, as if `daysAgo` days had passed since the switch. */
import type { DataSource } from 'typeorm';
import { forgetSignInSettings } from '@caravan/engine';

export async function setSecondFactorRequirement(
  dataSource: DataSource,
  { required, graceDays = 14, daysAgo = 0 }: { required: boolean; graceDays?: number; daysAgo?: number },
): Promise<void> {
  await dataSource.query(
    `UPDATE site_settings SET require_second_factor = $1, second_factor_grace_days = $2,
            second_factor_required_since = CASE WHEN $1 THEN now() - make_interval(days => $3) END`,
    [required, graceDays, daysAgo],
  );
  // This process keeps the settings a few seconds; the test changed them under it.
  forgetSignInSettings(dataSource);
}
