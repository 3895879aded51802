/**
 * A drive in the dark as a warning line, the same words wherever an export says it: the PDF under its day's header,
 * the calendar (and every other format with a description) on the event of the stop it arrives at.
 */
import { messages, type AfterSunset } from '@caravan/shared';
import { formatClock } from './localTimes.ts';

const text = messages.tripExport.file;

/** 'Warning: Drives in the dark: arrives at Tacoma at 23:10 PDT, after sunset (20:41 PDT)', clocks in the stop's zone. */
export function darkDriveWarning(dark: AfterSunset, placeName: string): string {
  const clock = (ms: number) => formatClock({ ms, zone: dark.timeZone });
  return `${text.warning}: ${text.darkDrive(placeName, clock(dark.arrivalMs), dark.dark, clock(dark.sunMs))}`;
}
