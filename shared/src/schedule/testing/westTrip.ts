/**
 * The schedule tests' key case: Salt Lake City (Mountain time) to Reno (Pacific) with a lunch stop, a hotel, and a
 * museum closed on Mondays; run as a script it prints the schedule as JSON, so a test can compare it run under
 * another process time zone.
 */
import { computeSchedule } from '../computeSchedule.ts';
import type { ScheduleStopInput, ScheduleTrip } from '../types.ts';

export const westTrip: ScheduleTrip = {
  startDate: '2026-06-07', // a Sunday: the museum is reached on Monday
  departureTime: '09:00',
  earliestDeparture: '08:00',
  arrivalTime: '19:00',
  dailyDriveLimitMinutes: 480,
};

export const westStops: ScheduleStopInput[] = [
  { id: 'slc', latitude: 40.7608, longitude: -111.891 },
  { id: 'wendover', latitude: 40.7369, longitude: -114.0377, estimatedDriveMinutes: 120, kind: 'food' },
  { id: 'elko', latitude: 40.8324, longitude: -115.7631, estimatedDriveMinutes: 100, kind: 'fuel' },
  {
    id: 'reno',
    latitude: 39.5296,
    longitude: -119.8138,
    estimatedDriveMinutes: 260,
    overnight: true,
    lodging: { name: 'Riverside Hotel', address: null, checkIn: '15:00', checkOut: '10:00', confirmation: null, url: null, price: null, nights: 1 },
  },
  // Opens at 11:00 on Tuesdays to Sundays: arriving Monday it is closed all day.
  { id: 'museum', latitude: 39.5349, longitude: -119.8163, estimatedDriveMinutes: 10, kind: 'sight', openingHours: 'Tu-Su 11:00-17:00' },
  { id: 'tahoe', latitude: 39.0968, longitude: -120.0324, estimatedDriveMinutes: 60, kind: 'nature', openingHours: 'Mo-Su 12:30-20:00' },
];

export const westSchedule = () => computeSchedule(westTrip, westStops);

if (process.argv[1]?.endsWith('westTrip.ts')) process.stdout.write(JSON.stringify(westSchedule()));
