/** The map's marks where the car's range runs out (./rangeMarks.ts): a sign on the route with its words, not a control. */
import { memo } from 'react';
import { useMapKit } from './mapKit.ts';
import type { RangeMark } from './rangeMarks.ts';
import './rangeMarks.css';

export const RangeMarks = memo(function RangeMarks({ marks }: { marks: readonly RangeMark[] }) {
  const { Marker } = useMapKit();
  return (
    <>
      {marks.map((mark) => (
        <Marker key={mark.id} latitude={mark.latitude} longitude={mark.longitude} anchor="left" style={{ zIndex: 6 }}>
          <span className="range-mark" data-testid="range-mark">
            <span className="range-mark-sign" aria-hidden="true">
              !
            </span>
            <span className="range-mark-words">{mark.label}</span>
          </span>
        </Marker>
      ))}
    </>
  );
});
