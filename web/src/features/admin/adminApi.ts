/** Administrator calls (superjson both ways). */
import {
  calls,
  type TAdminAddToTripRequest,
  type TAdminResetPasswordRequest,
  type TAdminSignInSettingsRequest,
  type TAdminUpdateRoleRequest,
  type TAdminUpdateStatusRequest,
} from '@caravan/shared';
import { adminCall } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const ADMIN_TRIPS_KEY = ['admin', 'trips'] as const;
export const ADMIN_OUTBOX_KEY = ['admin', 'outbox'] as const;
export const ADMIN_SIGN_IN_KEY = ['admin', 'sign-in-settings'] as const;

export const adminApi = {
  users: () => adminCall(calls.admin.users),
  trips: () => adminCall(calls.admin.trips),
  outbox: () => adminCall(calls.admin.outbox),
  signInSettings: () => adminCall(calls.admin.signInSettings),
  updateSignInSettings: (body: TAdminSignInSettingsRequest) => adminCall(calls.admin.updateSignInSettings, body),
  updateRole: (body: TAdminUpdateRoleRequest) => adminCall(calls.admin.updateRole, body),
  updateStatus: (body: TAdminUpdateStatusRequest) => adminCall(calls.admin.updateStatus, body),
  addToTrip: (body: TAdminAddToTripRequest) => adminCall(calls.admin.addToTrip, body),
  resetPassword: (body: TAdminResetPasswordRequest) =>
    adminCall(calls.admin.resetPassword, body, { fallback: appMessages.fallbacks.resetPassword }),
};
