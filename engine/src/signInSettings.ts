/**
 * The administrator's sign-in settings (the one row of `site_settings`): whether every account must have a second
 * factor, from when, and the grace in days before that holds. Read on every signed-in request while the
 * requirement is on, so each process keeps what it read for a few seconds; a change made here shows at once in
 * this process, in the others within SETTINGS_CACHE_MS.
 */
import type { DataSource } from 'typeorm';

const SETTINGS_CACHE_MS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignInSettings {
  requireSecondFactor: boolean;
  graceDays: number;
  /** When the requirement was switched on; null while it is off. */
  requiredSince: Date | null;
}

const cache = new WeakMap<DataSource, { settings: SignInSettings; readAt: number }>();

export async function readSignInSettings(dataSource: DataSource, now = Date.now()): Promise<SignInSettings> {
  const kept = cache.get(dataSource);
  if (kept && now - kept.readAt < SETTINGS_CACHE_MS) return kept.settings;
  const [row]: { require_second_factor: boolean; second_factor_grace_days: number; second_factor_required_since: Date | null }[] =
    await dataSource.query(`SELECT require_second_factor, second_factor_grace_days, second_factor_required_since FROM site_settings`);
  const settings: SignInSettings = row
    ? { requireSecondFactor: row.require_second_factor, graceDays: row.second_factor_grace_days, requiredSince: row.second_factor_required_since }
    : { requireSecondFactor: false, graceDays: 0, requiredSince: null };
  cache.set(dataSource, { settings, readAt: now });
  return settings;
}

export function forgetSignInSettings(dataSource: DataSource): void {
  cache.delete(dataSource);
}

/** From when members without a second factor may sign in only to set one up; null while it is not required. */
export function secondFactorDeadline(settings: SignInSettings): Date | null {
  if (!settings.requireSecondFactor || !settings.requiredSince) return null;
  return new Date(settings.requiredSince.getTime() + settings.graceDays * DAY_MS);
}
