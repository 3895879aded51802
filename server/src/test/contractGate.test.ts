/**
 * The fuzz's in-process gate reads a body as the server does: what it says the contract refuses, the
 * server refuses with the same message, and what it lets through gets past validation. Otherwise the
 * fuzz would skip bodies that reach the commands.
 */
import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { calls } from '@caravan/shared';
import { buildTrip, buildUser } from './factories.ts';
import { contractRefusal, goesOverHttp, sendRaw, type FuzzCall } from './contractGate.ts';
import { useTestServer } from './useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

const details: FuzzCall = { contract: calls.trips.details };
const exportFile: FuzzCall = { contract: calls.exports.file };
const updateRole: FuzzCall = { contract: calls.admin.updateRole, superjson: true };
const logout: FuzzCall = { contract: calls.auth.logout };

describe('contract gate', () => {
  it('refuses in-process what the server refuses, with its message, and lets through what passes validation', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const trip = await buildTrip(db(), admin);
    const cases: [FuzzCall, string][] = [
      [details, JSON.stringify({ tripId: trip.id })],
      [details, JSON.stringify({ tripId: 'nope' })],
      [details, JSON.stringify({ tripId: trip.id, ownerId: 1 })],
      [details, JSON.stringify({ tripId: `${trip.id}\u0000` })],
      [exportFile, JSON.stringify({ tripId: trip.id, format: 'gpx' })],
      [exportFile, JSON.stringify({ tripId: trip.id, format: 'docx' })],
      [exportFile, JSON.stringify({ tripId: trip.id, format: 'gpx', extra: [1] })],
      [updateRole, JSON.stringify(superjson.serialize({ userId: admin.id, newRole: 'admin' }))],
      [updateRole, JSON.stringify(superjson.serialize({ userId: admin.id, newRole: 'root' }))],
      [updateRole, JSON.stringify({ json: { userId: admin.id, newRole: 'admin' }, meta: { values: { userId: ['bogus'] } } })],
      [logout, ''],
      [logout, '{"all":true}'],
    ];
    for (const [call, raw] of cases) {
      const refusal = contractRefusal(call, raw);
      const response = await sendRaw(t.api, call, raw, admin);
      const seen = { call: call.contract.path, raw, status: response.status, error: response.body?.error };
      if (refusal === null) expect(seen).toEqual({ ...seen, status: expect.toSatisfy((status: number) => status !== 400) });
      else expect(seen).toEqual({ ...seen, status: 400, error: refusal });
    }
  });

  it('sends a body the server cannot read only when it is sampled', async () => {
    const admin = await buildUser(db());
    expect(goesOverHttp(details, '{"tripId":', false)).toBe(false);
    expect(goesOverHttp(details, '{"tripId":', true)).toBe(true);
    expect(goesOverHttp(details, JSON.stringify({ tripId: crypto.randomUUID() }), false)).toBe(true);
    expect((await sendRaw(t.api, details, '{"tripId":', admin)).status).toBe(400);
  });
});
