/**
 * The administrator's switch "require a second factor for every account" and its grace in days. The grace runs
 * from when the switch was turned on: changing only the days keeps that moment, turning it off forgets it.
 */
import type { DataSource } from 'typeorm';
import type { TAdminSignInSettingsRequest } from '@caravan/shared';
import { forgetSignInSettings } from '@caravan/engine';

/** A setting of the whole site: the acting administrator is checked by the route. */
export async function signInSettingsUpdater(dataSource: DataSource, { requireSecondFactor, graceDays }: TAdminSignInSettingsRequest): Promise<void> {
  await dataSource.query(
    `UPDATE site_settings
        SET require_second_factor = $1,
            second_factor_grace_days = $2,
            second_factor_required_since = CASE WHEN NOT $1 THEN NULL ELSE coalesce(second_factor_required_since, now()) END,
            updated_at = now()`,
    [requireSecondFactor, graceDays],
  );
  forgetSignInSettings(dataSource);
}
