/** What an authenticator app would show for a secret, made with otplib as an app makes it: tests never hard-code a code. */
import { generate } from 'otplib';

const STEP_SECONDS = 30;

/** The code of the time step `offsetSteps` away from now (-1: the one before, 1: the next). */
export function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * STEP_SECONDS });
}
