/**
 * Today as the trip page's own part above its columns: the trip view's live stops and context (the same model the
 * story and itinerary read), for members, while the trip is under way and always at /trips/{id}/today.
 */
import { useMatch } from 'react-router-dom';
import { isMember } from '@caravan/shared';
import { TripViewContext, TripViewStopsContext } from '../tripViewContext.ts';
import { useTripViewModel, type TripViewProps } from '../useTripViewModel.ts';
import { TodayPanel } from './TodayPanel.tsx';

export function TodayView(props: TripViewProps) {
  const { stops, context } = useTripViewModel(props);
  const atTodayAddress = useMatch('/trips/:tripId/today') !== null;
  if (!isMember(props.role) || stops.length === 0) return null;
  return (
    <TripViewContext.Provider value={context}>
      <TripViewStopsContext.Provider value={stops}>
        <TodayPanel stops={stops} atTodayAddress={atTodayAddress} />
      </TripViewStopsContext.Provider>
    </TripViewContext.Provider>
  );
}
