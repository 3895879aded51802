/**
 * Decides, before the websocket upgrade, who is connecting and to which trip: the session cookie, the
 * Origin header, the administrator's second-factor requirement and the member's trip role (the server's policy module). Nothing of the trip is sent
 * to a connection that fails here.
 */
import type http from 'node:http';
import type { DataSource } from 'typeorm';
import { COLLAB_CLOSE, messages, type TTripRole } from '@caravan/shared';
import { findSessionUser, findTripRole, mustSetUpSecondFactor, readSessionToken, type User } from '@caravan/engine';

export interface Admission {
  tripId: string;
  user: User;
  sessionHash: string;
  role: TTripRole;
}

export type AdmissionResult =
  | { ok: true; admission: Admission }
  /** `httpStatus`: refuse the upgrade itself; otherwise upgrade and close with `code`, so browsers see why. */
  | { ok: false; httpStatus?: number; code: number; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The trip id is the last path segment: /{tripId} directly, /collab/{tripId} through the main server. */
export function tripIdFromPath(url: string | undefined): string | null {
  const path = (url ?? '').split('?')[0];
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return UUID.test(last) ? last.toLowerCase() : null;
}

export async function admit(
  dataSource: DataSource,
  request: http.IncomingMessage,
  allowedOrigins: readonly string[],
): Promise<AdmissionResult> {
  const origin = request.headers.origin;
  // Browsers always send Origin on websockets; refusing foreign ones stops cross-site websocket hijacking.
  if (origin && !allowedOrigins.includes(origin)) {
    return { ok: false, httpStatus: 403, code: COLLAB_CLOSE.notFound, reason: 'Origin not allowed' };
  }
  const tripId = tripIdFromPath(request.url);
  if (!tripId) return { ok: false, code: COLLAB_CLOSE.notFound, reason: 'Trip not found' };
  const token = readSessionToken(request.headers.cookie);
  const found = token ? await findSessionUser(dataSource, token) : null;
  if (!token || !found) return { ok: false, code: COLLAB_CLOSE.unauthenticated, reason: 'Not authenticated' };
  // Past the administrator's grace without a second factor, a member may only set one up (as the API's gate says).
  if (await mustSetUpSecondFactor(dataSource, found.user.id)) {
    return { ok: false, code: COLLAB_CLOSE.accessRevoked, reason: messages.twoFactor.setupRequired };
  }
  const role = await findTripRole(dataSource, tripId, found.user.id);
  if (!role) return { ok: false, code: COLLAB_CLOSE.notFound, reason: 'Trip not found' };
  return { ok: true, admission: { tripId, user: found.user, sessionHash: found.session.tokenHash, role } };
}
