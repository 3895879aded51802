/**
 * The base map the map draws now (docs/product.md#map): the remote style while it works; the embedded base map
 * when the deployment turned remote tiles off, when the remote style itself cannot load (its JSON, sprite or a
 * source's description fails before anything drew), when its tiles keep failing (tileHealth.ts: one failed tile
 * is not enough), or when it has drawn nothing within REMOTE_STYLE_TIMEOUT_MS (a blocked network that never answers).
 * Each in the page's colour scheme: a theme change while the page is open swaps the style, and the new remote style
 * is judged afresh.
 *
 * With an offline pack of the trip on this device (lib/offlineMap), the remote style and the tiles of the route's
 * corridor come from the app-shell worker's caches when there is no network. Which map shows then:
 * - the pack's own tiles load from the device whatever the network does, so they are not counted as loaded (a
 *   failure of one still counts: the stored pack is broken);
 * - while the view is centred on the pack's corridor, the remote map stays: the tiles the pack lacks at the edges of
 *   the view fail offline, and those failures are not counted (they say nothing of the corridor the view shows);
 * - away from the corridor the tiles the pack lacks are judged by the rules above, afresh from the moment the view
 *   left it, so offline the embedded map takes over after three of them failed;
 * - back on the corridor the remote map returns, judged afresh.
 * Not the embedded map drawn under the remote one: its 1:110m coasts are kilometres off at street zooms, so its
 * sea would show through the remote map's land along every coast the route follows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import type { TClientConfigResponse } from '@caravan/shared';
import { baseMapChoice, isOwnSource, PLAIN_STYLES, REMOTE_STYLE_TIMEOUT_MS } from './mapStyle.ts';
import type { ColourScheme } from './useColourScheme.ts';
import { NO_TILES_YET, tilesFailing, withTile, type TileOutcome } from './tileHealth.ts';
import { eventTile, packCoversView, type MapView, type PackCoverage } from './packCoverage.ts';

const loadEmbedded = () => import('./embedded/embeddedStyle.ts');

/** What the map's `error` and `sourcedata` events carry that matters here (MapLibre's and Mapbox's alike). */
export interface BaseMapEvent {
  /** The style source the event is about; none for the style itself or its sprite. */
  sourceId?: unknown;
  /** The tile that loaded or failed; none for the style, its sprite or a source's description. */
  tile?: unknown;
}

export interface BaseMapStyle {
  style: string | StyleSpecification;
  /** What `style` is: the remote style (its errors and silence matter), the embedded one, or a plain
   * background while that loads. */
  name: 'remote' | 'embedded' | 'plain';
  /** Changes whenever the style does (its name or its colours): what the map adds itself is added again then. */
  key: string;
  /** The map reported an error: a failed tile counts against the remote base map, a failed style falls back. */
  mapError: (event: BaseMapEvent) => void;
  /** The map reported source data: a loaded tile counts for the remote base map. */
  sourceData: (event: BaseMapEvent) => void;
  /** The map went idle: the remote style has drawn its tiles, the timeout no longer applies. */
  settled: () => void;
  /** The view settled here: whether an offline pack covers it decides what a failed tile means. */
  viewed: (view: MapView) => void;
}

export function useBaseMapStyle(config: TClientConfigResponse | undefined, scheme: ColourScheme, pack: PackCoverage | null = null): BaseMapStyle {
  const choice = baseMapChoice(config, scheme);
  const url = choice.kind === 'remote' ? choice.url : null;
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<MapView | null>(null);
  const onPack = pack !== null && view !== null && packCoversView(pack, view);
  // The remote style that has drawn, and the tiles of the one asked for now: a theme change asks for another.
  const [drawnUrl, setDrawnUrl] = useState<string | null>(null);
  const drawn = url !== null && drawnUrl === url;
  const tiles = useRef({ url, health: NO_TILES_YET });
  if (tiles.current.url !== url) tiles.current = { url, health: NO_TILES_YET };
  const remote = choice.kind === 'remote' && !failed;
  // The embedded chunk is fetched with the map either way: a fallback then needs no request (it may be for
  // want of network), and the app-shell worker keeps it for visits without network.
  useEffect(() => void loadEmbedded().catch(() => undefined), []);
  const embedded = useQuery({
    queryKey: ['embedded-map-style', scheme],
    queryFn: async () => (await loadEmbedded()).embeddedMapStyle(scheme),
    enabled: !remote,
    staleTime: Infinity,
    retry: false,
  });

  const fallBack = useCallback(() => setFailed(true), []);
  const settled = useCallback(() => setDrawnUrl(url), [url]);
  // Only a map with a pack needs the view as state (a state change per move otherwise re-renders the map for
  // nothing); the latest one is kept for a pack that is read after the map settled.
  const hasPack = pack !== null;
  const lastView = useRef<MapView | null>(null);
  const viewed = useCallback(
    (next: MapView) => {
      lastView.current = next;
      if (hasPack) setView(next);
    },
    [hasPack],
  );
  useEffect(() => {
    if (hasPack && lastView.current) setView(lastView.current);
  }, [hasPack]);
  // On the pack's corridor or off it, the tiles are judged afresh; back on it, the pack draws the remote map again.
  useEffect(() => {
    tiles.current = { url, health: NO_TILES_YET };
    if (onPack) setFailed(false);
  }, [onPack, url]);
  useEffect(() => {
    if (!remote || drawn) return;
    const timer = setTimeout(fallBack, REMOTE_STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [remote, drawn, fallBack, url]);

  // Only the remote style's own sources are judged: the route line's source and the embedded map's are ours.
  const judged = (event: BaseMapEvent) => remote && !isOwnSource(event.sourceId);
  const record = (outcome: TileOutcome) => {
    tiles.current.health = withTile(tiles.current.health, outcome);
    if (tilesFailing(tiles.current.health)) fallBack();
  };
  const mapError = (event: BaseMapEvent) => {
    if (!judged(event)) return;
    if (event.tile) {
      const tile = eventTile(event.tile);
      if (onPack && tile && !pack(tile.z, tile.x, tile.y)) return;
      return record('failed');
    }
    // The style, its sprite or a source's description failed: the remote map cannot draw, unless it already
    // has (a late failure of one piece then leaves what is drawn, as a failed tile does).
    if (!drawn && tiles.current.health.loaded === 0) fallBack();
  };
  const sourceData = (event: BaseMapEvent) => {
    if (!judged(event) || !event.tile) return;
    const tile = pack && eventTile(event.tile);
    if (tile && pack(tile.z, tile.x, tile.y)) return;
    record('loaded');
  };

  const handlers = { mapError, sourceData, settled, viewed };
  const named = (name: BaseMapStyle['name']) => ({ name, key: `${name}-${scheme}`, ...handlers });
  if (choice.kind === 'remote' && remote) return { style: choice.url, ...named('remote') };
  return embedded.data ? { style: embedded.data, ...named('embedded') } : { style: PLAIN_STYLES[scheme], ...named('plain') };
}
