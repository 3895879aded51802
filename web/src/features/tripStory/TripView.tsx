/**
 * The trip view (docs/product.md#story), for the trip page and the share page alike: the hero header, and the
 * Story View / Itinerary View of the trip's stops with journals, comments, scheduling and stats. Stops
 * come live from the trip document when one is given, else from `detail` (/trips/details or /trips/public).
 */
import { useState } from 'react';
import { isOwner } from '@caravan/shared';
import { ViewTabs } from '../../components/ViewTabs.tsx';
import { HeroHeader } from './hero/HeroHeader.tsx';
import { ItineraryView } from './ItineraryView.tsx';
import { tripViewMessages } from './messages.ts';
import { StoryView } from './StoryView.tsx';
import { TripViewContext, TripViewStopsContext } from './tripViewContext.ts';
import { useTripViewModel, type TripViewProps } from './useTripViewModel.ts';

const text = tripViewMessages;

export type { TripViewProps };

export function TripView(props: TripViewProps) {
  const { tripId, role, detail, standalone = false, extraViews = [] } = props;
  const { meta, stops, context } = useTripViewModel(props);
  const [mode, setMode] = useState<string>('story');
  const [printView, setPrintView] = useState(false);
  const ownsTrip = isOwner(role);
  const printing = mode === 'itinerary' && printView;

  return (
    <TripViewContext.Provider value={context}>
      <TripViewStopsContext.Provider value={stops}>
      <section className="trip-view" aria-label={text.views}>
        {!printing && (
          <HeroHeader
            tripId={tripId}
            title={meta.title}
            description={meta.description}
            heroImage={meta.heroImage}
            createdAt={detail?.createdAt ?? null}
            stops={stops}
            isOwner={ownsTrip}
            titleIsHeading={standalone}
          />
        )}
        {stops.length === 0 ? (
          <div className="empty-state">
            <h3>{text.noStopsTitle}</h3>
            <p>{text.noStopsBody}</p>
          </div>
        ) : (
          <ViewTabs
            label={text.views}
            value={mode}
            onValueChange={setMode}
            className="tabs trip-view-tabs"
            listClassName="tab-list no-print"
            tabs={[
              { value: 'story', label: text.storyView, content: <StoryView stops={stops} /> },
              {
                value: 'itinerary',
                label: text.itineraryView,
                content: <ItineraryView title={meta.title} stops={stops} isOwner={ownsTrip} printView={printView} onPrintViewChange={setPrintView} />,
              },
              ...extraViews,
            ]}
          />
        )}
      </section>
      </TripViewStopsContext.Provider>
    </TripViewContext.Provider>
  );
}
