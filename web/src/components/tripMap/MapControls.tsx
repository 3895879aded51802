/**
 * Buttons over the map (docs/product.md#map): the Route / Bucket List toggle when there are stops (only the owner
 * can change it; others see the mode), 'Search This Area' and 'Fit to Stops' when the page reveals them.
 */
import { mapMessages } from '../../lib/messages/mapMessages.ts';

const text = mapMessages;

interface Props {
  hasStops: boolean;
  routeMode: boolean;
  onRouteModeChange?: (routeMode: boolean) => void;
  showSearchArea: boolean;
  onSearchArea: () => void;
  showFit: boolean;
  onFit: () => void;
}

export function MapControls({ hasStops, routeMode, onRouteModeChange, showSearchArea, onSearchArea, showFit, onFit }: Props) {
  const modeName = routeMode ? text.routeMode : text.bucketListMode;
  return (
    <>
      <div className="map-controls top-left">
        {hasStops &&
          (onRouteModeChange ? (
            <button
              type="button"
              className="button small map-mode"
              title={routeMode ? text.toBucketList : text.toRoute}
              onClick={() => onRouteModeChange(!routeMode)}
            >
              {modeName}
            </button>
          ) : (
            <span className="badge map-mode" title={text.ownerOnlyRouteMode}>
              {modeName}
            </span>
          ))}
        {showFit && hasStops && (
          <button type="button" className="button small" title={text.fitToStopsTitle} onClick={onFit}>
            {text.fitToStops}
          </button>
        )}
      </div>
      {showSearchArea && (
        <div className="map-controls top-centre">
          <button type="button" className="button small primary" onClick={onSearchArea}>
            {text.searchThisArea}
          </button>
        </div>
      )}
    </>
  );
}
