/**
 * The story view (docs/product.md#story): 'Up Next', the unvisited stops in trip order, and a collapsible 'Visited'
 * section (collapsed at first), most recently visited first, then later stops first.
 */
import { useState } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import type { TTripStop } from '@caravan/shared';
import { StopCard } from './cards/StopCard.tsx';
import { tripViewMessages } from './messages.ts';

const text = tripViewMessages;

function visitedOrder(a: TTripStop, b: TTripStop): number {
  const at = (stop: TTripStop) => (stop.visitedAt ? Date.parse(stop.visitedAt) || 0 : 0);
  return at(b) - at(a) || b.stopOrder - a.stopOrder;
}

export function StoryView({ stops }: { stops: TTripStop[] }) {
  const [showVisited, setShowVisited] = useState(false);
  const upNext = stops.filter((stop) => !stop.visited);
  const visited = stops.filter((stop) => stop.visited).sort(visitedOrder);

  return (
    <div className="story-view">
      <section aria-labelledby="story-up-next">
        <div className="story-section-header">
          <h3 id="story-up-next">{text.upNext}</h3>
          <span className="muted small">{text.remaining(upNext.length)}</span>
        </div>
        {upNext.length === 0 ? (
          <p className="empty-text">{text.allVisited}</p>
        ) : (
          <ol className="stop-timeline" aria-labelledby="story-up-next">
            {upNext.map((stop) => (
              <StopCard key={stop.id} stop={stop} mode="story" />
            ))}
          </ol>
        )}
      </section>
      {visited.length > 0 && (
        <Collapsible.Root open={showVisited} onOpenChange={setShowVisited} asChild>
          <section aria-labelledby="story-visited">
            <h3 id="story-visited" className="story-section-header">
              <Collapsible.Trigger className="section-toggle">
                <span>{text.visitedSection}</span>
                <span className="muted small">{text.completedCount(visited.length)}</span>
                <span aria-hidden="true" className="chevron">
                  {showVisited ? '▾' : '▸'}
                </span>
              </Collapsible.Trigger>
            </h3>
            <Collapsible.Content>
              <ol className="stop-timeline visited-timeline" aria-labelledby="story-visited">
                {visited.map((stop) => (
                  <StopCard key={stop.id} stop={stop} mode="story" />
                ))}
              </ol>
            </Collapsible.Content>
          </section>
        </Collapsible.Root>
      )}
    </div>
  );
}
