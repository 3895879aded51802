/**
 * The trip map (docs/product.md#map), loaded as its own chunk: react-map-gl over MapLibre GL, or Mapbox GL with a
 * MAPBOX_TOKEN (mapKit.ts), on the configured base map or the embedded one (useBaseMapStyle.ts), starting near 40.71, -74.01 at zoom 4, with stop,
 * suggestion, place and user markers, popups, the route line (road, estimate or not known yet, per leg) and its
 * key in route mode (coloured by day, and a picker to show one day alone, when the trip has more than one day),
 * where the car's range runs out marked on it, the weather of the day shown alone (and of a stop in its popup),
 * and the Route / Bucket List,
 * 'Search This Area' and 'Fit to Stops' controls; for whoever edits stops, draggable stop markers and the
 * "place this stop" mode (the next click on the map is the stop's position).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MapRef } from 'react-map-gl/maplibre';
import { dailyDriveLimit, type DayWarning } from '@caravan/shared';
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { CLIENT_CONFIG_KEY, clientConfigApi } from './clientConfig.ts';
import { DEFAULT_CENTRE, DEFAULT_ZOOM, FIT_PADDING, FIT_PADDING_BESIDE_WEATHER, FIT_PADDING_WITH_DAYS, inBounds, MIN_WIDTH_BESIDE_WEATHER_PX, type LatLng } from './geo.ts';
import { loadMapKit } from './loadMapKit.ts';
import { DayPicker, mapDayLabel, type MapDay } from './DayPicker.tsx';
import { MapDayWeather } from './MapDayWeather.tsx';
import { MapControls } from './MapControls.tsx';
import { routeSegments, stopPoints, type MapPlace, type MapStop, type MapSuggestion } from './mapData.ts';
import { mapLibraryFor, MapKitContext, useMapKit } from './mapKit.ts';
import { daySkyOf, type MapWeather } from './mapWeather.ts';
import { mapCredits } from './providerCredits.ts';
import { MapMarkers } from './MapMarkers.tsx';
import { MapLoading } from './MapLoading.tsx';
import { MapNotice } from './MapNotice.tsx';
import { MapUnavailable } from './MapUnavailable.tsx';
import { RouteLegend } from './RouteLegend.tsx';
import { RouteLine } from './RouteLine.tsx';
import { RangeMarks } from './RangeMarks.tsx';
import { rangeMarks, type RunOut } from './rangeMarks.ts';
import { useDistanceUnit } from '../../lib/distanceUnit.ts';
import { sameRoute, type RouteSegment } from './routeGeometry.ts';
import { SelectedPopup, type Selection } from './SelectedPopup.tsx';
import { useAutoFit } from './useAutoFit.ts';
import './mapPlacing.css';
import { useBaseMapStyle, type BaseMapEvent, type BaseMapStyle } from './useBaseMapStyle.ts';
import { useColourScheme } from './useColourScheme.ts';
import { useMapViewport } from './useMapViewport.ts';
import type { PackCoverage } from './packCoverage.ts';

const text = mapMessages;
const NONE: never[] = [];

/** The value made for `key`, kept while the key stays the same. */
function useKeyed<T>(key: string, make: () => T): T {
  const memo = useRef<{ key: string; value: T } | null>(null);
  if (memo.current?.key !== key) memo.current = { key, value: make() };
  return memo.current.value;
}

/** The route's legs, the same array while no position or leg changed (the line is not redrawn for a rename). */
function useRouteSegments(stops: MapStop[]): RouteSegment[] {
  const memo = useRef<{ stops: MapStop[]; segments: RouteSegment[] } | null>(null);
  if (memo.current?.stops !== stops) {
    const segments = routeSegments(stops);
    memo.current = { stops, segments: memo.current && sameRoute(memo.current.segments, segments) ? memo.current.segments : segments };
  }
  return memo.current.segments;
}

export interface TripMapProps {
  stops: MapStop[];
  routeMode: boolean;
  /** Legs longer than this are flagged on the route line; the default 8 h when not given. */
  dailyDriveLimitMinutes?: number;
  /** Given to whoever may change the mode (the owner); others see the mode only. */
  onRouteModeChange?: (routeMode: boolean) => void;
  suggestions?: MapSuggestion[];
  places?: MapPlace[];
  /** 'Add to Trip' in a place's popup, when adding is possible. */
  onAddPlace?: (place: MapPlace) => void;
  /** Enables 'Search This Area'. */
  onSearchArea?: (area: LatLng & { radiusKm: number }) => void;
  userLocation?: LatLng | null;
  locationError?: string | null;
  /** Makes stop markers draggable: where one was dropped. */
  onMoveStop?: (stopId: string, position: LatLng) => void;
  /** While a stop waits to be placed: what the map says, and the click that places it or the Cancel. */
  placing?: { prompt: string; onPlace: (position: LatLng) => void; onCancel: () => void } | null;
  /** Where the map looks, each time the view settles (the address search favours places near it). */
  onViewCentre?: (centre: LatLng) => void;
  /**
   * The trip's days in order (the stops carry their day's index); more than one colours the route by day. Their
   * warnings say where the car's range runs out, marked on the route.
   */
  days?: readonly (MapDay & { fromStopId: string; warnings?: readonly DayWarning[] })[];
  /** What the page offers in a range mark's popup (the stations within reach); without it the mark is a sign only. */
  rangeOffer?: (runOut: RunOut) => ReactNode;
  /** The stop-days' weather the page asked for (useMapWeather.ts): shown for the day shown alone and in a stop's popup. */
  weather?: MapWeather;
  /** The tiles of the trip's offline map pack on this device, if any: the base map draws the route's corridor from them offline. */
  offlinePack?: PackCoverage | null;
}

export default function TripMap(props: TripMapProps) {
  const config = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: clientConfigApi.config, staleTime: Infinity, retry: false });
  // Waiting for the config (or its failure, e.g. offline) avoids drawing one base map and then another.
  const kit = useQuery({
    queryKey: ['map-kit', mapLibraryFor(config.data)],
    queryFn: () => loadMapKit(config.data),
    enabled: !config.isPending,
    staleTime: Infinity,
    retry: false,
  });
  const scheme = useColourScheme();
  const baseMap = useBaseMapStyle(config.data, scheme, props.offlinePack ?? null);
  if (kit.isError) return <MapUnavailable />;
  if (!kit.data) return <MapLoading />;
  return (
    <MapKitContext.Provider value={kit.data}>
      <TripMapView {...props} baseMap={baseMap} credits={mapCredits(config.data)} />
    </MapKitContext.Provider>
  );
}

function TripMapView(props: TripMapProps & { baseMap: BaseMapStyle; credits: string | undefined }) {
  const { stops, routeMode, onRouteModeChange, onAddPlace, onSearchArea, onViewCentre, baseMap, placing } = props;
  const dailyLimit = dailyDriveLimit(props);
  const suggestions = props.suggestions ?? NONE;
  const places = props.places ?? NONE;
  const userLocation = props.userLocation ?? null;
  const days = props.days ?? NONE;
  const byDay = days.length > 1;
  const scheme = useColourScheme();
  const [pickedDay, setShownDay] = useState<number | null>(null);
  const shownDay = pickedDay !== null && pickedDay < days.length ? pickedDay : null;
  const shownStops = useMemo(
    () => (shownDay === null ? stops : stops.filter((stop) => stop.dayIndex === shownDay || stop.id === days[shownDay].fromStopId)),
    [stops, shownDay, days],
  );
  const { Map: MapView, NavigationControl } = useMapKit();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  const view = useMapViewport(mapRef);

  // Stops without a position are left out of the line and the fit. Re-fitting only when a stop really
  // moved, not whenever the stop objects are rebuilt.
  const placed = stopPoints(shownStops);
  const points = useKeyed(placed.map((point) => `${point.latitude},${point.longitude}`).join(';'), () => placed);
  const segments = useRouteSegments(stops);
  const showRoute = routeMode && stopPoints(stops).length > 1;
  const showDayPicker = showRoute && byDay;
  const unit = useDistanceUnit();
  const allMarks = useMemo(() => rangeMarks(days, stops, segments, unit), [days, stops, segments, unit]);
  const marks = useMemo(() => (shownDay === null ? allMarks : allMarks.filter((mark) => mark.dayIndex === shownDay)), [allMarks, shownDay]);
  const weather = props.weather;
  const daySky = useMemo(() => (weather && shownDay !== null ? daySkyOf(weather, stops, shownDay) : null), [weather, stops, shownDay]);
  const showDayWeather = showDayPicker && Boolean(weather && daySky?.stops.length);
  // Read when the map is ready or the day changes; a later resize keeps the fit it had.
  const wideMap = ready && (mapRef.current?.getContainer().clientWidth ?? 0) >= MIN_WIDTH_BESIDE_WEATHER_PX;
  const padding = showDayWeather && wideMap ? FIT_PADDING_BESIDE_WEATHER : showDayPicker ? FIT_PADDING_WITH_DAYS : FIT_PADDING;
  const fit = useAutoFit(mapRef, ready, points, userLocation, !view.userMoved, padding);
  const bounds = view.viewport?.bounds;
  const centre = view.viewport?.centre;
  useEffect(() => {
    if (centre) onViewCentre?.(centre);
  }, [centre, onViewCentre]);
  const visiblePlaces = useMemo(() => (bounds ? places.filter((place) => inBounds(bounds, place)) : places), [bounds, places]);

  const select = useMemo(
    () => ({
      stop: (id: string) => setSelection({ kind: 'stop', id }),
      suggestion: (id: string) => setSelection({ kind: 'suggestion', id }),
      place: (id: string) => setSelection({ kind: 'place', id }),
      user: (id: string) => setSelection({ kind: 'user', id }),
    }),
    [],
  );
  const close = useCallback(() => setSelection(null), []);
  const { searchedHere, fitted, onMoveEnd: viewMoved } = view;
  const { viewed } = baseMap;
  const onMoveEnd = useCallback(() => {
    viewMoved();
    const map = mapRef.current;
    if (map) viewed({ longitude: map.getCenter().lng, latitude: map.getCenter().lat, zoom: map.getZoom() });
  }, [viewMoved, viewed]);
  const markReady = () => {
    if (ready) return;
    setReady(true);
    onMoveEnd();
  };

  function searchArea() {
    if (!view.viewport || !onSearchArea) return;
    onSearchArea({ ...view.viewport.centre, radiusKm: view.viewport.radiusKm });
    searchedHere();
  }

  if (failed) return <MapUnavailable />;
  const empty = stops.length === 0 && suggestions.length === 0 && places.length === 0;
  return (
    <div
      className={placing ? 'trip-map placing' : 'trip-map'}
      role="region"
      aria-label={text.map}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <MapView
        ref={mapRef}
        initialViewState={{ latitude: DEFAULT_CENTRE.latitude, longitude: DEFAULT_CENTRE.longitude, zoom: DEFAULT_ZOOM }}
        mapStyle={baseMap.style}
        // The road lines' and places' providers, beside the base map's credits (set when the map is made). Only
        // then: an explicit `undefined` would replace the library's default control and drop every credit.
        {...(props.credits && { attributionControl: { compact: true, customAttribution: props.credits } })}
        scrollZoom
        onLoad={markReady}
        onIdle={(event) => event.target.isStyleLoaded() && baseMap.settled()}
        onMoveStart={view.onMoveStart}
        onMoveEnd={onMoveEnd}
        onClick={placing ? (event) => placing.onPlace({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }) : close}
        // An error with no map behind it is the library failing to start (no WebGL). Other errors keep the map:
        // markers and fitting work on any style; a remote base map that cannot load, or whose tiles keep failing,
        // gives way to the embedded one (useBaseMapStyle.ts).
        onError={(event) => {
          if (!event.target) return setFailed(true);
          markReady();
          // The library adds the source and tile to the errors they cause; its ErrorEvent type does not say so.
          baseMap.mapError(event as BaseMapEvent);
        }}
        onSourceData={baseMap.sourceData}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {/* A new base map drops the route's source: a fresh RouteLine adds it back with the current legs. */}
        {showRoute && (
          <RouteLine key={baseMap.key} segments={segments} dailyLimitMinutes={dailyLimit} byDay={byDay} scheme={scheme} shownDay={shownDay} />
        )}
        {showRoute && <RangeMarks marks={marks} offer={props.rangeOffer} />}
        <MapMarkers
          stops={shownStops}
          suggestions={suggestions}
          places={visiblePlaces}
          userLocation={userLocation}
          onSelectStop={select.stop}
          onSelectSuggestion={select.suggestion}
          onSelectPlace={select.place}
          onSelectUser={select.user}
          onMoveStop={props.onMoveStop}
        />
        {selection && (
          <SelectedPopup
            selection={selection}
            stops={stops}
            suggestions={suggestions}
            places={places}
            userLocation={userLocation}
            onAddPlace={onAddPlace}
            weather={weather}
            onClose={close}
          />
        )}
      </MapView>
      <MapControls
        hasStops={stops.length > 0}
        routeMode={routeMode}
        onRouteModeChange={onRouteModeChange}
        showSearchArea={view.showSearchArea && Boolean(onSearchArea)}
        onSearchArea={searchArea}
        // Nothing to fit when no stop has a position.
        showFit={view.showFit && points.length > 0}
        onFit={() => {
          fit(true);
          fitted();
        }}
      />
      {/* Always present, so screen readers hear the prompt when it appears. */}
      <div className={placing ? 'map-placing' : 'visually-hidden'} role="status">
        {placing && (
          <>
            <span>{placing.prompt}</span>
            <button type="button" className="button small" onClick={placing.onCancel}>
              {text.cancelPlacing}
            </button>
          </>
        )}
      </div>
      {!ready && <MapLoading over />}
      {showDayPicker && (
        <div className="map-controls day-controls">
          <DayPicker days={days} shown={shownDay} onShow={setShownDay} />
          {showDayWeather && weather && daySky && shownDay !== null && (
            <MapDayWeather label={mapDayLabel(days[shownDay])} sky={daySky} weather={weather} nameOf={(id) => stops.find((stop) => stop.id === id)?.name ?? ''} />
          )}
        </div>
      )}
      {showRoute && <RouteLegend segments={segments} dailyLimitMinutes={dailyLimit} days={byDay ? days : undefined} shownDay={shownDay} scheme={scheme} />}
      <MapNotice empty={empty} noPositions={stops.length > 0 && points.length === 0} locationError={props.locationError} />
    </div>
  );
}
