/**
 * The map behind a lazy import: MapLibre (about 300 KB gzip) loads only on pages that draw a map. If its
 * chunk cannot load (offline before it was ever cached) the rest of the page carries on without it.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { MapLoading } from './MapLoading.tsx';
import { MapUnavailable } from './MapUnavailable.tsx';
import type { TripMapProps } from './TripMap.tsx';

const TripMap = lazy(() => import('./TripMap.tsx'));

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children;
  }
}

export function TripMapLazy(props: TripMapProps) {
  return (
    <MapBoundary>
      <Suspense fallback={<MapLoading />}>
        <TripMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
