/** The ordered list of schema migrations; TypeORM runs them, the schema is never synchronised implicitly. */
import { InitialSchema1763800000000 } from './1763800000000-InitialSchema.ts';
import { AccessNotifications1763900000000 } from './1763900000000-AccessNotifications.ts';
import { TripDocLastUpdate1764000000000 } from './1764000000000-TripDocLastUpdate.ts';
import { UserAccessOnRole1764100000000 } from './1764100000000-UserAccessOnRole.ts';
import { TripScopedStopIds1764200000000 } from './1764200000000-TripScopedStopIds.ts';
import { LoginFailures1764300000000 } from './1764300000000-LoginFailures.ts';
import { RoadLegCache1764400000000 } from './1764400000000-RoadLegCache.ts';
import { TripRoadSettings1764500000000 } from './1764500000000-TripRoadSettings.ts';
import { StopDriveLeg1764600000000 } from './1764600000000-StopDriveLeg.ts';
import { TripCalendarFeeds1764700000000 } from './1764700000000-TripCalendarFeeds.ts';
import { RoadLegLastRead1764800000000 } from './1764800000000-RoadLegLastRead.ts';
import { RepairOrderKeys1764900000000 } from './1764900000000-RepairOrderKeys.ts';
import { LoginFailureDevice1764920000000 } from './1764920000000-LoginFailureDevice.ts';
import { PasswordResets1765400000000 } from './1765400000000-PasswordResets.ts';
import { UserDistanceUnit1765500000000 } from './1765500000000-UserDistanceUnit.ts';
import { StopPlanFields1765510000000 } from './1765510000000-StopPlanFields.ts';
import { TripPlanSettings1765510100000 } from './1765510100000-TripPlanSettings.ts';
import { Passkeys1765530000000 } from './1765530000000-Passkeys.ts';
import { TwoFactor1765540000000 } from './1765540000000-TwoFactor.ts';
import { Notifications1765550000000 } from './1765550000000-Notifications.ts';
import { PushSubscriptions1765560000000 } from './1765560000000-PushSubscriptions.ts';
import { NotificationReminders1765570000000 } from './1765570000000-NotificationReminders.ts';
import { MentionsAndTripMutes1765580000000 } from './1765580000000-MentionsAndTripMutes.ts';
import { NotificationSignal1765590000000 } from './1765590000000-NotificationSignal.ts';
import { NotificationRetention1765600000000 } from './1765600000000-NotificationRetention.ts';
import { TripHistory1765610000000 } from './1765610000000-TripHistory.ts';
import { Weather1765700000000 } from './1765700000000-Weather.ts';
import { VehicleRange1765720000000 } from './1765720000000-VehicleRange.ts';
import { StopProgress1765740000000 } from './1765740000000-StopProgress.ts';
import { VersionCheckpoints1765760000000 } from './1765760000000-VersionCheckpoints.ts';
import { ProviderPacing1765780000000 } from './1765780000000-ProviderPacing.ts';
import { AccountAllowances1765790000000 } from './1765790000000-AccountAllowances.ts';
import { ProviderAnswers1765800000000 } from './1765800000000-ProviderAnswers.ts';

export const migrations = [
  InitialSchema1763800000000,
  AccessNotifications1763900000000,
  TripDocLastUpdate1764000000000,
  UserAccessOnRole1764100000000,
  TripScopedStopIds1764200000000,
  LoginFailures1764300000000,
  RoadLegCache1764400000000,
  TripRoadSettings1764500000000,
  StopDriveLeg1764600000000,
  TripCalendarFeeds1764700000000,
  RoadLegLastRead1764800000000,
  RepairOrderKeys1764900000000,
  LoginFailureDevice1764920000000,
  PasswordResets1765400000000,
  UserDistanceUnit1765500000000,
  StopPlanFields1765510000000,
  TripPlanSettings1765510100000,
  Passkeys1765530000000,
  TwoFactor1765540000000,
  Notifications1765550000000,
  PushSubscriptions1765560000000,
  NotificationReminders1765570000000,
  MentionsAndTripMutes1765580000000,
  NotificationSignal1765590000000,
  NotificationRetention1765600000000,
  TripHistory1765610000000,
  Weather1765700000000,
  VehicleRange1765720000000,
  StopProgress1765740000000,
  VersionCheckpoints1765760000000,
  ProviderPacing1765780000000,
  AccountAllowances1765790000000,
  ProviderAnswers1765800000000,
];
