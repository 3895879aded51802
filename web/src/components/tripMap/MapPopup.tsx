/**
 * A marker's popup (docs/product.md#map): at most 300 px wide, with the navigation hand-offs; once open, and again
 * whenever its content grows (a list found on request) or the map changes size (a phone turned, a window narrowed), it
 * nudges the map so the popup sits at least 20 px inside the map's edges.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { Popup as PopupInstance } from 'maplibre-gl';
import { POPUP_EDGE_MARGIN_PX, POPUP_MAX_WIDTH_PX, type LatLng } from './geo.ts';
import { NavigationLinks } from './NavigationLinks.tsx';
import { useMapKit } from './mapKit.ts';

interface Props extends LatLng {
  name: string;
  address: string | null;
  children?: ReactNode;
  onClose: () => void;
  /** Navigation hand-offs to the place (not for a point on the route, such as where the range runs out). */
  navigable?: boolean;
}

/** Pixels to pan by so that `inner` lies inside `outer` shrunk by the margin (0 where it already does). */
function overflow(inner: DOMRect, outer: DOMRect): [number, number] {
  const m = POPUP_EDGE_MARGIN_PX;
  const dx = inner.left < outer.left + m ? inner.left - (outer.left + m) : inner.right > outer.right - m ? inner.right - (outer.right - m) : 0;
  const dy = inner.top < outer.top + m ? inner.top - (outer.top + m) : inner.bottom > outer.bottom - m ? inner.bottom - (outer.bottom - m) : 0;
  return [dx, dy];
}

export function MapPopup({ latitude, longitude, name, address, children, onClose, navigable = true }: Props) {
  const { Popup, useMap } = useMapKit();
  const popup = useRef<PopupInstance>(null);
  const { current: map } = useMap();

  useEffect(() => {
    let resized: ResizeObserver | undefined;
    let nudge: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      const element = popup.current?.getElement();
      if (!element || !map) return;
      nudge = () => {
        const [dx, dy] = overflow(element.getBoundingClientRect(), map.getContainer().getBoundingClientRect());
        if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 200 });
      };
      // Told of the popup's size at once, and again on every change.
      resized = new ResizeObserver(nudge);
      resized.observe(element);
      map.on('resize', nudge);
    });
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      if (nudge) map?.off('resize', nudge);
    };
  }, [map, latitude, longitude]);

  return (
    <Popup
      ref={popup}
      latitude={latitude}
      longitude={longitude}
      anchor="bottom"
      offset={36}
      maxWidth={`${POPUP_MAX_WIDTH_PX}px`}
      closeOnClick={false}
      onClose={onClose}
      className="map-popup"
    >
      <div className="map-popup-body">
        <strong>{name}</strong>
        {address && <span>{address}</span>}
        {children}
        {navigable && <NavigationLinks name={name} address={address} latitude={latitude} longitude={longitude} />}
      </div>
    </Popup>
  );
}
