/**
 * The trip view's hero (docs/product.md#story): the trip's background image, else the first journal photo, else a
 * default picture shipped with the app; title, description, 'Created on', and 'Change Background' for owners.
 */
import { useState } from 'react';
import type { TTripStop } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { BackgroundDialog } from './BackgroundDialog.tsx';
import defaultHero from './default-hero.svg';
import { firstJournalPhoto } from './firstPhoto.ts';

const text = tripViewMessages;
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

interface Props {
  tripId: string;
  title: string;
  description: string | null;
  heroImage: string | null;
  createdAt: string | null;
  stops: TTripStop[];
  isOwner: boolean;
  /** The page's main heading on a page of its own (share page); a plain title under a page header that names the trip. */
  titleIsHeading: boolean;
}

export function HeroHeader({ tripId, title, description, heroImage, createdAt, stops, isOwner, titleIsHeading }: Props) {
  const [changing, setChanging] = useState(false);
  const image = heroImage ?? firstJournalPhoto(stops) ?? defaultHero;
  return (
    <header className="trip-hero" style={{ backgroundImage: `url("${image}")` }}>
      <div className="trip-hero-shade">
        {titleIsHeading ? <h1 className="trip-hero-title">{title}</h1> : <p className="trip-hero-title">{title}</p>}
        {description && <p className="trip-hero-description">{description}</p>}
        {createdAt && <p className="trip-hero-created">{text.createdOn(longDate.format(new Date(createdAt)))}</p>}
        {isOwner && (
          <button type="button" className="button small trip-hero-change" onClick={() => setChanging(true)}>
            {text.changeBackground}
          </button>
        )}
      </div>
      {isOwner && changing && <BackgroundDialog tripId={tripId} open onOpenChange={setChanging} />}
    </header>
  );
}
