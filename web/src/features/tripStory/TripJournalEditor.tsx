/** One stop's journal editor on its own, for a page that shows it in place of the views (the share page). */
import { JournalEditor } from './journal/JournalEditor.tsx';
import { TripViewContext, TripViewStopsContext } from './tripViewContext.ts';
import { useTripViewModel, type TripViewProps } from './useTripViewModel.ts';

export function TripJournalEditor({ stopId, onClose, ...props }: TripViewProps & { stopId: string; onClose: () => void }) {
  const { stops, context } = useTripViewModel(props);
  const stop = stops.find((candidate) => candidate.id === stopId);
  if (!stop) return null;
  return (
    <TripViewContext.Provider value={context}>
      <TripViewStopsContext.Provider value={stops}>
        <div className="card">
          <JournalEditor stop={stop} onClose={onClose} />
        </div>
      </TripViewStopsContext.Provider>
    </TripViewContext.Provider>
  );
}
