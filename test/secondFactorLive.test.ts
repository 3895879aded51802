/**
 * Past the administrator's grace, a member without a second factor may only set one up: the collab server refuses
 * their live document as the API refuses their calls (engine/src/secondFactors.ts `mustSetUpSecondFactor`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { COLLAB_CLOSE, messages } from '@caravan/shared';
import { forgetSignInSettings } from '@caravan/engine';
import { setSecondFactorRequirement, tripWithCrew } from '@caravan/server/test';
import { connectClient, waitFor, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

const t = useTestStack();
const clients: TestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await setRequirement(false, 0);
});

/** Sets the requirement as if switched on `daysAgo` days ago; both processes read it afresh. */
async function setRequirement(required: boolean, daysAgo: number) {
  await setSecondFactorRequirement(t.server.deps.dataSource, { required, graceDays: 14, daysAgo });
  forgetSignInSettings(t.collabDataSource);
}

describe('the live door and the second-factor requirement', () => {
  it('lets a member without a second factor in during the grace, and refuses them after it with the reason', async () => {
    const crew = await tripWithCrew(t.server.deps.dataSource);
    const connect = async () => {
      const client = connectClient(t.collabUrl, crew.trip.id, await t.cookieFor(crew.editor), { origin: t.server.deps.config.publicOrigin, maxBackoffTime: 60_000 });
      clients.push(client);
      return client;
    };

    await setRequirement(true, 3);
    await (await connect()).synced();

    await setRequirement(true, 15);
    const refused = await connect();
    await waitFor(() => refused.closes.length > 0, 5000, 'the socket to close');
    expect(refused.closes[0]).toEqual({ code: COLLAB_CLOSE.accessRevoked, reason: messages.twoFactor.setupRequired });
    expect(refused.provider.synced).toBe(false);
  });
});
