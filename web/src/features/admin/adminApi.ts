/** Administrator calls (superjson both ways). */
import {
  ZAdminMembershipResponse,
  ZAdminMessageResponse,
  ZAdminTripsResponse,
  ZAdminUserResponse,
  ZAdminUsersResponse,
  type TAdminAddToTripRequest,
  type TAdminResetPasswordRequest,
  type TAdminUpdateRoleRequest,
  type TAdminUpdateStatusRequest,
} from '@caravan/shared';
import { adminCall } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const ADMIN_TRIPS_KEY = ['admin', 'trips'] as const;

export const adminApi = {
  users: () => adminCall(ZAdminUsersResponse, '/admin/users'),
  trips: () => adminCall(ZAdminTripsResponse, '/admin/trips'),
  updateRole: (body: TAdminUpdateRoleRequest) => adminCall(ZAdminUserResponse, '/admin/users/update-role', { body }),
  updateStatus: (body: TAdminUpdateStatusRequest) => adminCall(ZAdminUserResponse, '/admin/users/update-status', { body }),
  addToTrip: (body: TAdminAddToTripRequest) => adminCall(ZAdminMembershipResponse, '/admin/users/add-to-trip', { body }),
  resetPassword: (body: TAdminResetPasswordRequest) =>
    adminCall(ZAdminMessageResponse, '/admin/reset-password', { body, fallback: appMessages.fallbacks.resetPassword }),
};
