/**
 * 'Estimated travel from' the previous stop: asked for each time the Edit Stop dialog opens (the answer is
 * also written onto the stop by the server), with a spinner until it arrives.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDuration, type TTripStop } from '@caravan/shared';
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

  return (
    <p className="travel-estimate" aria-live="polite">
      <span>{text.travelFrom(from.name)}: </span>
      {estimate.isPending && (
        <span className="spinner-text">
          <span className="spinner" aria-hidden="true" /> {text.calculating}
        </span>
      )}
      {estimate.data && <strong>{formatDuration(estimate.data.estimatedDriveMinutes)}</strong>}
      {estimate.isError && <span className="error-inline">{errorMessage(estimate.error, text.travelFailed)}</span>}
    </p>
  );
}
