/**
 * /_api/trips/weather (members) and /_api/trips/public/weather (anyone with a shared trip's link): the weather of
 * every stop-day. The stop-days come from the schedule, walked in the worker pool (counted against the caller, or
 * the owner for a link's reader); the weather never fails the call: a provider down leaves days without it.
 */
import Router from '@koa/router';
import { calls, canReadWeather } from '@caravan/shared';
import { TripDocMissingError } from '@caravan/engine';
import { sharedTripQuery } from '../../queries/sharedTripQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { tripCallsOn } from '../tripCall.ts';

export function weatherRoutes({ dataSource, tripDocs, heavyWork, weather }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  const weatherOfTrip = async (tripId: string, countedAgainst: number) => {
    // Without a weather service no stop-day has weather: the page shows sunrise and sunset on its own.
    if (weather.provider === 'none') return weather.weatherOf([]);
    const updates = await tripDocs.storedUpdates(tripId);
    if (!updates) throw new TripDocMissingError(tripId);
    return weather.weatherOf(await heavyWork.run(countedAgainst, 'stopDays', { updates }));
  };

  tripCall(calls.weather.trip, canReadWeather, ({ user, trip }) => weatherOfTrip(trip.id, user.id));

  serveCall(
    router,
    calls.weather.shared,
    async ({ shareToken }) => {
      const trip = await sharedTripQuery(dataSource, shareToken);
      return weatherOfTrip(trip.id, trip.ownerId);
    },
    { guard: [] },
  );

  return router;
}
