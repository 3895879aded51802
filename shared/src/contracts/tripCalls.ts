/** The contracts of My Trips and the trip page's own calls: the trip, its stops, their schedule and journals. */
import { defineCall } from './defineCall.ts';
import { ZHeroImageRequest, ZHeroImageResponse } from './heroImage.ts';
import {
  ZCreateJournalEntryRequest,
  ZDeleteJournalEntryRequest,
  ZDeleteJournalEntryResponse,
  ZJournalEntry,
  ZUpdateJournalEntryRequest,
} from './journal.ts';
import { ZRoadSettings, ZRoadSettingsRequest } from './roadSettings.ts';
import { ZUpdateStopPlanRequest } from './stopPlan.ts';
import { ZUpdateStopProgressRequest, ZUpdateStopProgressResponse } from './stopProgress.ts';
import { ZImportPreviewRequest, ZImportPreviewResponse } from './placeImport.ts';
import { ZOptimiseRouteRequest, ZOptimiseRouteResponse } from './routeOptimisation.ts';
import { ZPlanDaysRequest, ZPlanDaysResponse } from './dayPlan.ts';
import {
  ZAutoScheduleRequest,
  ZAutoScheduleResponse,
  ZCalculateTravelTimeRequest,
  ZCalculateTravelTimeResponse,
  ZUpdatePlannedDateRequest,
  ZUpdatePlannedDateResponse,
} from './schedule.ts';
import {
  ZAddStopRequest,
  ZDeleteStopRequest,
  ZDeleteStopResponse,
  ZPublicTrip,
  ZPublicTripRequest,
  ZReorderStopRequest,
  ZReorderStopResponse,
  ZRouteModeRequest,
  ZRouteModeResponse,
  ZShareTripRequest,
  ZShareTripResponse,
  ZToggleVisitedRequest,
  ZToggleVisitedResponse,
  ZTripDetail,
  ZTripDetailsRequest,
  ZTripStop,
  ZUpdateStopContentRequest,
  ZUpdateStopDetailsRequest,
} from './tripDetail.ts';
import { ZCalendarFeed, ZCalendarFeedRequest, ZTripExportFile, ZTripExportRequest } from './tripExport.ts';
import { myTripsCalls } from './myTripsCalls.ts';

export const tripCalls = {
  /** My Trips. */
  trips: {
    ...myTripsCalls,
    details: defineCall({ method: 'POST', path: '/trips/details', request: ZTripDetailsRequest, response: ZTripDetail }),
    /** Anyone with the link, signed in or not. */
    public: defineCall({ method: 'POST', path: '/trips/public', request: ZPublicTripRequest, response: ZPublicTrip }),
    share: defineCall({ method: 'POST', path: '/trips/share', request: ZShareTripRequest, response: ZShareTripResponse }),
    routeMode: defineCall({ method: 'POST', path: '/trips/route-mode', request: ZRouteModeRequest, response: ZRouteModeResponse }),
    heroImage: defineCall({ method: 'POST', path: '/trips/hero-image', request: ZHeroImageRequest, response: ZHeroImageResponse }),
    /** The arrival time of day and the daily driving limit (owner only). */
    roadSettings: defineCall({ method: 'POST', path: '/trips/road-settings', request: ZRoadSettingsRequest, response: ZRoadSettings }),
  },
  /** A trip's stops and their schedule. */
  stops: {
    add: defineCall({ method: 'POST', path: '/trips/stops', request: ZAddStopRequest, response: ZTripStop }),
    reorder: defineCall({ method: 'POST', path: '/trips/stops/reorder', request: ZReorderStopRequest, response: ZReorderStopResponse }),
    delete: defineCall({ method: 'POST', path: '/trips/stops/delete', request: ZDeleteStopRequest, response: ZDeleteStopResponse }),
    toggleVisited: defineCall({
      method: 'POST',
      path: '/trips/stops/toggle-visited',
      request: ZToggleVisitedRequest,
      response: ZToggleVisitedResponse,
    }),
    /** A stop's name, address, notes and position (each field given; the rest kept). */
    updateDetails: defineCall({ method: 'POST', path: '/trips/stops/update-details', request: ZUpdateStopDetailsRequest, response: ZTripStop }),
    /** A stop's plan: kind, stay, fixed time, opening hours, overnight, lodging (each field given; the rest kept). */
    updatePlan: defineCall({ method: 'POST', path: '/trips/stops/update-plan', request: ZUpdateStopPlanRequest, response: ZTripStop }),
    /** "We're here" and "We're running late" on the road: a stop's real arrival and its delay (owner and editors). */
    updateProgress: defineCall({
      method: 'POST',
      path: '/trips/stops/update-progress',
      request: ZUpdateStopProgressRequest,
      response: ZUpdateStopProgressResponse,
    }),
    /** The legacy journalContent and photos of a stop (its 'legacy-' entry). */
    updateContent: defineCall({ method: 'POST', path: '/trips/stops/update-content', request: ZUpdateStopContentRequest, response: ZTripStop }),
    updatePlannedDate: defineCall({
      method: 'POST',
      path: '/trips/stops/update-planned-date',
      request: ZUpdatePlannedDateRequest,
      response: ZUpdatePlannedDateResponse,
    }),
    autoSchedule: defineCall({
      method: 'POST',
      path: '/trips/stops/auto-schedule',
      request: ZAutoScheduleRequest,
      response: ZAutoScheduleResponse,
    }),
    calculateTravelTime: defineCall({
      method: 'POST',
      path: '/trips/stops/calculate-travel-time',
      request: ZCalculateTravelTimeRequest,
      response: ZCalculateTravelTimeResponse,
    }),
    /** A proposed stop order with the least drive time; writes nothing. */
    optimiseRoute: defineCall({
      method: 'POST',
      path: '/trips/stops/optimise-route',
      request: ZOptimiseRouteRequest,
      response: ZOptimiseRouteResponse,
    }),
    /** A proposed order and where each day ends, with lodging near the day ends; writes nothing. */
    planDays: defineCall({
      method: 'POST',
      path: '/trips/stops/plan-days',
      request: ZPlanDaysRequest,
      response: ZPlanDaysResponse,
    }),
    /** The places a file holds, with nothing written: the client adds the ones kept. */
    importPreview: defineCall({
      method: 'POST',
      path: '/trips/stops/import-preview',
      request: ZImportPreviewRequest,
      response: ZImportPreviewResponse,
    }),
  },
  /** Open formats out of a trip: files for any member, the calendar feed for the owner. */
  exports: {
    file: defineCall({ method: 'GET', path: '/trips/export', request: ZTripExportRequest, response: ZTripExportFile }),
    calendarFeed: defineCall({ method: 'POST', path: '/trips/calendar-feed', request: ZCalendarFeedRequest, response: ZCalendarFeed }),
    /** Makes the feed when the trip has none; an existing feed is answered as it is. */
    createCalendarFeed: defineCall({
      method: 'POST',
      path: '/trips/calendar-feed/create',
      request: ZCalendarFeedRequest,
      response: ZCalendarFeed,
    }),
    /** A new secret: the old address stops working at once. */
    rotateCalendarFeed: defineCall({
      method: 'POST',
      path: '/trips/calendar-feed/rotate',
      request: ZCalendarFeedRequest,
      response: ZCalendarFeed,
    }),
    revokeCalendarFeed: defineCall({
      method: 'POST',
      path: '/trips/calendar-feed/revoke',
      request: ZCalendarFeedRequest,
      response: ZCalendarFeed,
    }),
  },
  /** A stop's journal entries (owner only). */
  journal: {
    create: defineCall({ method: 'POST', path: '/trips/stops/journal/create', request: ZCreateJournalEntryRequest, response: ZJournalEntry }),
    update: defineCall({ method: 'POST', path: '/trips/stops/journal/update', request: ZUpdateJournalEntryRequest, response: ZJournalEntry }),
    delete: defineCall({
      method: 'POST',
      path: '/trips/stops/journal/delete',
      request: ZDeleteJournalEntryRequest,
      response: ZDeleteJournalEntryResponse,
    }),
  },
};
