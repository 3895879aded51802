/**
 * 'Estimated travel from' the previous stop: the stop's current leg shows at once when it is known (with its
 * road distance); the estimate call still goes out each time the Edit Stop dialog opens
 * (docs/product.md#itinerary), and its answer, when it comes, is what shows. Without a leg there is a spinner
 * until the answer arrives.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDuration, type TTripStop } from '@caravan/shared';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { errorMessage } from '../../../lib/api.ts';
import { tripViewMessages } from '../messages.ts';
import { tripViewApi } from '../tripViewApi.ts';

const text = tripViewMessages;

interface Props {
  tripId: string;
  from: TTripStop;
  to: TTripStop;
  onEstimated: () => void;
}

export function TravelEstimate({ tripId, from, to, onEstimated }: Props) {
  const unit = useDistanceUnit();
  const estimate = useQuery({
    queryKey: ['travel-time', tripId, from.id, to.id],
    queryFn: () => tripViewApi.travelTime(tripId, from.id, to.id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const estimated = estimate.isSuccess;
  useEffect(() => {
    if (estimated) onEstimated();
  }, [estimated, onEstimated]);

  // The leg is the drive from the previous located stop: shown only when that is the stop named here.
  const leg = to.driveLeg?.fromStopId === from.id ? to.driveLeg : null;
  const minutes = estimate.data ? estimate.data.estimatedDriveMinutes : leg?.minutes;
  return (
    <p className="travel-estimate" aria-live="polite">
      <span>{text.travelFrom(from.name)}: </span>
      {minutes === undefined && estimate.isPending && (
        <span className="spinner-text">
          <span className="spinner" aria-hidden="true" /> {text.calculating}
        </span>
      )}
      {minutes !== undefined && (
        <strong title={leg?.source === 'great-circle' ? text.estimatedStraightLine : undefined}>{formatDuration(minutes)}</strong>
      )}
      {leg && <span className="travel-distance"> · {formatDistanceIn(leg.distanceKm, unit)}</span>}
      {estimate.isError && !leg && <span className="error-inline">{errorMessage(estimate.error, text.travelFailed)}</span>}
    </p>
  );
}
