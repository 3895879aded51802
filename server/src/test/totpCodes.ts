/** What an authenticator app would show for a secret, made with otplib as an app makes it: tests never hard-code a code. */
import { generate } from 'otplib';

const STEP_SECONDS = 30;

/** The code of the time step `offsetSteps` away from now (-1: the one before, 1: the next). */
export async function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  // A code of another step than now's is taken only one step away: made late in a step, it could be two away by the
  // time the server checks it on a busy machine, so such a code waits for the next step to begin.
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  if (offsetSteps !== 0 && intoStep > STEP_SECONDS - 10) await new Promise((resolve) => setTimeout(resolve, (STEP_SECONDS - intoStep + 0.2) * 1000));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * STEP_SECONDS });
}
