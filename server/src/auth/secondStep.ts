/**
 * Which second step a sign-in needs once its first factor (a password, Google or single sign-on) passed: a code
 * when the member turned two-factor codes on (or their passkey instead, when they have one); their passkey when the
 * administrator requires a second factor and a passkey is the one they have; none otherwise. A passkey sign-in is
 * both factors at once and never gets here.
 */
import type { DataSource } from 'typeorm';
import type { TSecondFactorMethod, TSecondFactorSetup } from '@caravan/shared';
import { hasSecondFactor, secondFactorsOf, readSignInSettings, secondFactorDeadline } from '@caravan/engine';

export async function secondStepMethods(dataSource: DataSource, userId: number): Promise<TSecondFactorMethod[] | null> {
  const factors = await secondFactorsOf(dataSource, userId);
  if (factors.totp) return factors.passkeys > 0 ? ['totp', 'passkey'] : ['totp'];
  if (factors.passkeys > 0 && (await readSignInSettings(dataSource)).requireSecondFactor) return ['passkey'];
  return null;
}

/** What the administrator's requirement asks of this account now: undefined when nothing (off, or it has a factor). */
export async function secondFactorSetupFor(dataSource: DataSource, userId: number, now = Date.now()): Promise<TSecondFactorSetup | undefined> {
  const deadline = secondFactorDeadline(await readSignInSettings(dataSource, now));
  if (!deadline) return undefined;
  if (hasSecondFactor(await secondFactorsOf(dataSource, userId))) return undefined;
  return { deadline: deadline.toISOString(), overdue: deadline.getTime() <= now };
}
