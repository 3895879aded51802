import { messages } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';

/** The trip is gone (deleted meanwhile, or never existed): to a caller, as missing as any trip it may not see. */
export class TripDocMissingError extends AppError {
  constructor(readonly tripId: string) {
    super('not_found', messages.trips.notFound);
  }
}
