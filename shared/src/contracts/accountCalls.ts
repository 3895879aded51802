/** The contracts of accounts: password sign-in and the session, and the administrators' calls. */
import { z } from 'zod';
import {
  ZAdminAddToTripRequest,
  ZAdminMembershipResponse,
  ZAdminMessageResponse,
  ZAdminOutboxResponse,
  ZAdminResetPasswordRequest,
  ZAdminSignInSettings,
  ZAdminSignInSettingsRequest,
  ZAdminTripsResponse,
  ZAdminUpdateRoleRequest,
  ZAdminUpdateStatusRequest,
  ZAdminUserResponse,
  ZAdminUsersResponse,
} from './admin.ts';
import {
  ZAuthConfigResponse,
  ZAuthUserResponse,
  ZEstablishSessionRequest,
  ZLoginRequest,
  ZLogoutRequest,
  ZLogoutResponse,
  ZRegisterRequest,
} from './auth.ts';
import {
  ZAccountMessageResponse,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
  ZUpdateProfileRequest,
} from './account.ts';
import { defineCall } from './defineCall.ts';
import { ZSignInResponse } from './twoFactor.ts';

/** A GET that takes nothing. */
const ZNothing = z.object({});

export const accountCalls = {
  /** The OAuth redirects (/auth/oauth_*) are pages, not calls: they have no contract. */
  auth: {
    /** Answers the user, or, for an account that asks for a second factor, the token of the second step (no session yet). */
    login: defineCall({ method: 'POST', path: '/auth/login_with_password', request: ZLoginRequest, response: ZSignInResponse }),
    register: defineCall({ method: 'POST', path: '/auth/register_with_password', request: ZRegisterRequest, response: ZAuthUserResponse }),
    establishSession: defineCall({
      method: 'POST',
      path: '/auth/establish_session',
      request: ZEstablishSessionRequest,
      response: ZSignInResponse,
    }),
    session: defineCall({ method: 'GET', path: '/auth/session', request: ZNothing, response: ZAuthUserResponse }),
    logout: defineCall({ method: 'POST', path: '/auth/logout', request: ZLogoutRequest, response: ZLogoutResponse }),
    config: defineCall({ method: 'GET', path: '/auth/config', request: ZNothing, response: ZAuthConfigResponse }),
    /** Answers the same whether or not an account uses the address. */
    forgotPassword: defineCall({
      method: 'POST',
      path: '/auth/forgot_password',
      request: ZForgotPasswordRequest,
      response: ZAccountMessageResponse,
    }),
    resetPassword: defineCall({ method: 'POST', path: '/auth/reset_password', request: ZResetPasswordRequest, response: ZAccountMessageResponse }),
  },
  /** The signed-in caller's own account. */
  account: {
    updateProfile: defineCall({ method: 'POST', path: '/account/profile', request: ZUpdateProfileRequest, response: ZAuthUserResponse }),
    changePassword: defineCall({
      method: 'POST',
      path: '/account/password',
      request: ZChangePasswordRequest,
      response: ZAccountMessageResponse,
    }),
  },
  /** Administrators only; superjson both ways. */
  admin: {
    users: defineCall({ method: 'GET', path: '/admin/users', request: ZNothing, response: ZAdminUsersResponse }),
    trips: defineCall({ method: 'GET', path: '/admin/trips', request: ZNothing, response: ZAdminTripsResponse }),
    updateRole: defineCall({ method: 'POST', path: '/admin/users/update-role', request: ZAdminUpdateRoleRequest, response: ZAdminUserResponse }),
    updateStatus: defineCall({
      method: 'POST',
      path: '/admin/users/update-status',
      request: ZAdminUpdateStatusRequest,
      response: ZAdminUserResponse,
    }),
    addToTrip: defineCall({
      method: 'POST',
      path: '/admin/users/add-to-trip',
      request: ZAdminAddToTripRequest,
      response: ZAdminMembershipResponse,
    }),
    outbox: defineCall({ method: 'GET', path: '/admin/outbox', request: ZNothing, response: ZAdminOutboxResponse }),
    /** Whether every account must have a second factor, and the grace before that holds. */
    signInSettings: defineCall({ method: 'GET', path: '/admin/sign-in-settings', request: ZNothing, response: ZAdminSignInSettings }),
    updateSignInSettings: defineCall({
      method: 'POST',
      path: '/admin/sign-in-settings',
      request: ZAdminSignInSettingsRequest,
      response: ZAdminSignInSettings,
    }),
    resetPassword: defineCall({
      method: 'POST',
      path: '/admin/reset-password',
      request: ZAdminResetPasswordRequest,
      response: ZAdminMessageResponse,
    }),
  },
};
