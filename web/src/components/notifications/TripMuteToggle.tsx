/** The trip page's switch for the member's mute of the trip: a toggle button, pressed while muted. */
import { notificationMessages as text } from '../../lib/messages/notificationMessages.ts';
import { useSetTripMute, useTripMuted } from './tripMuteApi.ts';

export function TripMuteToggle({ tripId, tripTitle }: { tripId: string; tripTitle: string }) {
  const state = useTripMuted(tripId);
  const setMute = useSetTripMute();
  const muted = state.data?.muted ?? false;
  return (
    <button
      type="button"
      className="button small ghost"
      aria-pressed={muted}
      title={muted ? text.muteHint : undefined}
      disabled={!state.isSuccess || setMute.isPending}
      onClick={() => setMute.mutate({ tripId, tripTitle, muted: !muted })}
    >
      {muted ? text.unmuteTrip : text.muteTrip}
    </button>
  );
}
