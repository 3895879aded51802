/**
 * A member's own two-factor codes: turning them on with a first code from the app (which hands out the backup
 * codes), new backup codes, and turning them off. Each asks a current code, checked under the login throttle.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError, type User, readSignInSettings, secondFactorsOf } from '@caravan/engine';
import { totpFactorOf } from '../queries/secondFactors.ts';
import { backupCodesReplacer } from './backupCodesReplacer.ts';
import { type CodeCheckDeps as Deps, secondFactorCodeChecker } from './secondFactorCodeChecker.ts';

type Asked = { code: string; ip: string };

export async function totpEnabler(deps: Deps, user: User, { code, ip }: Asked): Promise<string[]> {
  const factor = await totpFactorOf(deps.dataSource, user.id);
  if (!factor) throw new AppError('validation', messages.twoFactor.setupFirst);
  if (factor.enabledAt) throw new AppError('conflict', messages.twoFactor.alreadyEnabled);
  await secondFactorCodeChecker(deps, { user, code, ip, unconfirmed: true, refusal: 'validation' });
  return deps.dataSource.transaction(async (manager) => {
    await manager.query(`UPDATE totp_factors SET enabled_at = now() WHERE user_id = $1`, [user.id]);
    return backupCodesReplacer(manager, user.id);
  });
}

export async function backupCodesRegenerator(deps: Deps, user: User, { code, ip }: Asked): Promise<string[]> {
  await requireEnabled(deps.dataSource, user);
  await secondFactorCodeChecker(deps, { user, code, ip, refusal: 'validation' });
  return backupCodesReplacer(deps.dataSource, user.id);
}

export async function totpDisabler(deps: Deps, user: User, { code, ip }: Asked): Promise<void> {
  await requireEnabled(deps.dataSource, user);
  // Asked before the code is spent: under the requirement, the app may go only when a passkey stays.
  const [settings, factors] = await Promise.all([readSignInSettings(deps.dataSource), secondFactorsOf(deps.dataSource, user.id)]);
  if (settings.requireSecondFactor && factors.passkeys === 0) throw new AppError('conflict', messages.twoFactor.stillRequired);
  await secondFactorCodeChecker(deps, { user, code, ip, refusal: 'validation' });
  await deps.dataSource.transaction(async (manager) => {
    await manager.query(`DELETE FROM totp_backup_codes WHERE user_id = $1`, [user.id]);
    await manager.query(`DELETE FROM totp_factors WHERE user_id = $1`, [user.id]);
  });
}

async function requireEnabled(dataSource: DataSource, user: User): Promise<void> {
  const factor = await totpFactorOf(dataSource, user.id);
  if (!factor?.enabledAt) throw new AppError('validation', messages.twoFactor.notEnabled);
}
