/**
 * The contracts of the caller's own notifications and their choices of what to be told (/account/notification*), and
 * their mute of one trip (/trips/notifications/mute*).
 */
import { z } from 'zod';
import { defineCall } from './defineCall.ts';
import {
  ZMarkedReadResponse,
  ZMarkNotificationReadRequest,
  ZMarkNotificationsReadRequest,
  ZNotificationGroupsResponse,
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationPreferencesResponse,
  ZSetTripMuteRequest,
  ZTripMuteRequest,
  ZTripMuteResponse,
  ZUnreadCountResponse,
  ZUpdateNotificationPreferenceRequest,
} from './notifications.ts';
import { ZEmailDeliveryResponse, ZUpdateEmailDeliveryRequest } from './notificationEmailDelivery.ts';

export const notificationCalls = {
  notifications: {
    list: defineCall({ method: 'POST', path: '/account/notifications', request: ZNotificationListRequest, response: ZNotificationListResponse }),
    unreadCount: defineCall({ method: 'GET', path: '/account/notifications/unread_count', request: z.object({}), response: ZUnreadCountResponse }),
    markRead: defineCall({ method: 'POST', path: '/account/notifications/read', request: ZMarkNotificationReadRequest, response: ZMarkedReadResponse }),
    grouped: defineCall({ method: 'POST', path: '/account/notifications/grouped', request: ZNotificationListRequest, response: ZNotificationGroupsResponse }),
    markManyRead: defineCall({ method: 'POST', path: '/account/notifications/read_many', request: ZMarkNotificationsReadRequest, response: ZMarkedReadResponse }),
    tripMute: defineCall({ method: 'POST', path: '/trips/notifications/mute_state', request: ZTripMuteRequest, response: ZTripMuteResponse }),
    setTripMute: defineCall({ method: 'POST', path: '/trips/notifications/mute', request: ZSetTripMuteRequest, response: ZTripMuteResponse }),
    markAllRead: defineCall({ method: 'POST', path: '/account/notifications/read_all', request: z.object({}), response: ZMarkedReadResponse }),
    preferences: defineCall({ method: 'GET', path: '/account/notification_preferences', request: z.object({}), response: ZNotificationPreferencesResponse }),
    updatePreference: defineCall({
      method: 'POST',
      path: '/account/notification_preferences',
      request: ZUpdateNotificationPreferenceRequest,
      response: ZNotificationPreferencesResponse,
    }),
    emailDelivery: defineCall({ method: 'GET', path: '/account/notification_email_delivery', request: z.object({}), response: ZEmailDeliveryResponse }),
    updateEmailDelivery: defineCall({
      method: 'POST',
      path: '/account/notification_email_delivery',
      request: ZUpdateEmailDeliveryRequest,
      response: ZEmailDeliveryResponse,
    }),
  },
};
