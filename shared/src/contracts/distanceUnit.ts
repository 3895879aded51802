/** Each person's unit for distances: in its own module, so the sign-in page's contracts load no plan fields. */
import { z } from 'zod';

export const distanceUnitMessages = { invalidDistanceUnit: 'Distance unit must be "mi" or "km"' } as const;

/** Each person's unit for distances; null follows the browser's locale (miles in the US, Liberia and Myanmar). */
export const ZDistanceUnit = z.enum(['mi', 'km'], { error: distanceUnitMessages.invalidDistanceUnit });
export type DistanceUnit = z.infer<typeof ZDistanceUnit>;
