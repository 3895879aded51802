/** Administrator calls (docs/product.md#admin): /_api/admin/*, superjson-encoded both ways. */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { positiveUserId, tripId, ZAccountRole, ZAccountStatus, ZTripRole, requestObject } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

const v = messages.validation;

export const ZAdminUser = z.object({
  id: z.number(),
  displayName: z.string(),
  email: z.string(),
  role: ZAccountRole,
  status: ZAccountStatus,
  tripCount: z.number(),
  createdAt: z.date().nullable(),
});

export const ZAdminTrip = z.object({
  id: z.string(),
  title: z.string(),
  ownerId: z.number(),
  ownerDisplayName: z.string(),
  stopCount: z.number(),
  createdAt: z.date(),
});

export const ZAdminUpdateRoleRequest = requestObject({ userId: positiveUserId, newRole: ZAccountRole });
export const ZAdminUpdateStatusRequest = requestObject({ userId: positiveUserId, newStatus: ZAccountStatus });
export const ZAdminAddToTripRequest = requestObject({
  userId: positiveUserId,
  tripId: tripId(),
  role: ZTripRole,
});
export const ZAdminResetPasswordRequest = requestObject({
  email: z.string({ error: v.resetEmailInvalid }).trim().email(v.resetEmailInvalid),
  newPassword: z
    .string({ error: v.resetPasswordTooShort })
    .min(PASSWORD_MIN_LENGTH, v.resetPasswordTooShort)
    .max(PASSWORD_MAX_LENGTH, v.passwordTooLong),
});

/** Whole days members without a second factor keep signing in as before once it is required. */
export const SECOND_FACTOR_GRACE_DAYS_MAX = 90;
export const SECOND_FACTOR_GRACE_DAYS_DEFAULT = 14;

export const ZAdminSignInSettingsRequest = requestObject({
  requireSecondFactor: z.boolean({ error: messages.admin.requireSecondFactorInvalid }),
  graceDays: z
    .number({ error: messages.admin.graceDaysInvalid })
    .int(messages.admin.graceDaysInvalid)
    .min(0, messages.admin.graceDaysInvalid)
    .max(SECOND_FACTOR_GRACE_DAYS_MAX, messages.admin.graceDaysInvalid),
});
export const ZAdminSignInSettings = z.object({
  requireSecondFactor: z.boolean(),
  graceDays: z.number(),
  /** When the requirement was switched on; null while it is off. */
  requiredSince: z.date().nullable(),
  /** From then on, members without a second factor may sign in only to set one up; null while it is off. */
  deadline: z.date().nullable(),
  /** Active accounts that have neither a passkey nor two-factor codes. */
  accountsWithout: z.number(),
});

export const ZAdminUsersResponse = z.array(ZAdminUser);
export const ZAdminTripsResponse = z.array(ZAdminTrip);
export const ZAdminUserResponse = z.object({ user: ZAdminUser });
export const ZAdminMembershipResponse = z.object({
  tripId: z.string(),
  userId: z.number(),
  role: ZTripRole,
});
export const ZAdminMessageResponse = z.object({ message: z.string() });

/**
 * The e-mails written to the outbox folder ($DATA_DIR/outbox) when no SMTP server is configured, newest first:
 * where an administrator of a laptop install finds the invitation and password-reset links that did not go out.
 */
export const ZAdminOutboxMessage = z.object({
  /** The message's file name in the folder. */
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.date().nullable(),
  /** The plain-text part, links included. */
  text: z.string(),
});
export const ZAdminOutboxResponse = z.object({
  /** Whether e-mails go out over SMTP (SMTP_URL); the outbox then only holds what was written before. */
  smtp: z.boolean(),
  folder: z.string(),
  messages: z.array(ZAdminOutboxMessage),
  /** Messages in the folder beyond the newest ones listed. */
  more: z.number(),
});

export type TAdminSignInSettings = z.infer<typeof ZAdminSignInSettings>;
export type TAdminSignInSettingsRequest = z.infer<typeof ZAdminSignInSettingsRequest>;
export type TAdminOutboxMessage = z.infer<typeof ZAdminOutboxMessage>;
export type TAdminOutboxResponse = z.infer<typeof ZAdminOutboxResponse>;
export type TAdminUser = z.infer<typeof ZAdminUser>;
export type TAdminTrip = z.infer<typeof ZAdminTrip>;
export type TAdminUpdateRoleRequest = z.infer<typeof ZAdminUpdateRoleRequest>;
export type TAdminUpdateStatusRequest = z.infer<typeof ZAdminUpdateStatusRequest>;
export type TAdminAddToTripRequest = z.infer<typeof ZAdminAddToTripRequest>;
export type TAdminResetPasswordRequest = z.infer<typeof ZAdminResetPasswordRequest>;
