/**
 * Each stop field once: the rule a value meets as a stop holds it, and the message a refusal gives. The REST
 * requests that write stops (./tripDetail.ts, ./schedule.ts) and the trip document's field schemas, which the
 * live door checks members' writes against (../tripDoc/schema.ts), are both built from here, so the two doors
 * take the same values. The REST door first reads what a call sends (text trimmed, coordinates from numeric
 * strings: ./common.ts) and then holds it to the same rule.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { isStorableText } from '../storableText.ts';
import { coordinateNumber } from './common.ts';
import { calendarDateInput } from './dateInputs.ts';
import { isPhotoUrl, JOURNAL_CONTENT_MAX_LENGTH, JOURNAL_MAX_PHOTOS } from './journal.ts';

const s = messages.stops;
const j = messages.journal;
const v = messages.validation;

export const STOP_NAME_MAX_LENGTH = 200;
export const STOP_ADDRESS_MAX_LENGTH = 500;
export const STOP_NOTES_MAX_LENGTH = 5000;
export const PHOTO_URL_MAX_LENGTH = 2048;

/** Text PostgreSQL can store (the projection of any accepted write must commit). */
const text = (message: string) => z.string({ error: message }).refine(isStorableText, v.textNotAllowed);

/** https addresses only: the page's CSP loads no plain-http images (and a lodging's link is held to the same). */
export const isHttpsUrl = (value: string) => {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
};

/**
 * Whether an address names a user or a password before its host (`https://name:password@host/`): a link every member
 * is shown must not hand them someone's login, nor open on another account's session.
 */
export const carriesCredentials = (value: string) => {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
};

/** A photo as a stop keeps it: one of this app's stored photos or an https image address. */
export const storedPhoto = text(j.invalidPhotos)
  .max(PHOTO_URL_MAX_LENGTH, j.invalidPhotos)
  .refine((value) => isPhotoUrl(value) || isHttpsUrl(value), j.invalidPhotos);

/** A stop's photo list, of `photo`s; the REST door also takes new images in it (it stores them first). */
export const photoList = <Photo extends z.ZodType>(photo: Photo) =>
  z.array(photo, { error: j.invalidPhotos }).max(JOURNAL_MAX_PHOTOS, j.tooManyPhotos(JOURNAL_MAX_PHOTOS));

export const stopFields = {
  name: text(s.nameRequired)
    .max(STOP_NAME_MAX_LENGTH, s.nameTooLong)
    .refine((value) => value.trim() !== '', s.nameRequired),
  address: text(s.addressTooLong).max(STOP_ADDRESS_MAX_LENGTH, s.addressTooLong).nullable(),
  notes: text(s.notesTooLong).max(STOP_NOTES_MAX_LENGTH, s.notesTooLong).nullable(),
  latitude: coordinateNumber(-90, 90, v.invalidLatitude),
  longitude: coordinateNumber(-180, 180, v.invalidLongitude),
  /** The epoch ('1970-01-01') is how Reset All Dates clears a date; the document also reads null as none. */
  plannedArrivalDate: calendarDateInput(messages.schedule.invalidPlannedArrivalDate),
  autoScheduled: z.boolean({ error: messages.schedule.invalidAutoScheduled }),
  /** The legacy journal of a stop (its 'legacy-' entry), held to a journal entry's limit. */
  journalContent: text(j.invalidContent).max(JOURNAL_CONTENT_MAX_LENGTH, j.contentTooLong(JOURNAL_CONTENT_MAX_LENGTH)).nullable(),
  photos: photoList(storedPhoto).nullable(),
};
