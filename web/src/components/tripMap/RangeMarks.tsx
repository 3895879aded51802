/**
 * The map's marks where the car's range runs out (./rangeMarks.ts): a sign on the route with its words. Where the page
 * offers something there (the stations within reach), the sign is a button that opens it in a popup at the mark. The
 * words sit on the side of the sign with more room (./useWordsPlaces.ts).
 */
import { memo, useState, type ReactNode } from 'react';
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { MapPopup } from './MapPopup.tsx';
import { useMapKit } from './mapKit.ts';
import type { RangeMark, RunOut } from './rangeMarks.ts';
import { useWordsPlaces } from './useWordsPlaces.ts';
import './rangeMarks.css';

interface Props {
  marks: readonly RangeMark[];
  offer?: (runOut: RunOut) => ReactNode;
}

export const RangeMarks = memo(function RangeMarks({ marks, offer }: Props) {
  const { Marker } = useMapKit();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = offer ? marks.find((mark) => mark.id === openId) : undefined;
  const places = useWordsPlaces(marks);
  return (
    <>
      {marks.map((mark) => {
        const place = places.get(mark.id);
        return (
          <Marker key={mark.id} latitude={mark.latitude} longitude={mark.longitude} anchor="left" style={{ zIndex: 6 }}>
            <span className={place?.side === 'left' ? 'range-mark range-mark-words-left' : 'range-mark'} data-testid="range-mark">
              {offer ? (
                <button type="button" className="range-mark-sign range-mark-button" aria-label={mapMessages.rangeMarkOpen(mark.label)} aria-expanded={open === mark} onClick={() => setOpenId(mark.id)}>
                  !
                </button>
              ) : (
                <span className="range-mark-sign" aria-hidden="true">
                  !
                </span>
              )}
              <span className="range-mark-words" style={{ maxWidth: place?.maxWidth }}>
                {mark.label}
              </span>
            </span>
          </Marker>
        );
      })}
      {open && offer && (
        <MapPopup latitude={open.latitude} longitude={open.longitude} name={open.label} address={null} navigable={false} onClose={() => setOpenId(null)}>
          {offer(open.runOut)}
        </MapPopup>
      )}
    </>
  );
});
