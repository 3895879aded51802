/**
 * The base map the map draws now (issue 22): the remote style while it works; the embedded base map when the
 * deployment turned remote tiles off, or at once when the remote style or its tiles fail to load (an error
 * event) or have drawn nothing within REMOTE_STYLE_TIMEOUT_MS (a blocked network that never answers).
 */
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import type { TClientConfigResponse } from '@caravan/shared';
import { baseMapChoice, PLAIN_STYLE, REMOTE_STYLE_TIMEOUT_MS } from './mapStyle.ts';

const loadEmbedded = () => import('./embedded/embeddedStyle.ts');

export interface BaseMapStyle {
  style: string | StyleSpecification;
  /** What `style` is: the remote style (its errors and silence matter), the embedded one, or a plain
   * background while that loads. */
  name: 'remote' | 'embedded' | 'plain';
  /** The remote base map failed: draw the embedded one. */
  fallBack: () => void;
  /** The map went idle: the remote style has drawn its tiles, the timeout no longer applies. */
  settled: () => void;
}

export function useBaseMapStyle(config: TClientConfigResponse | undefined): BaseMapStyle {
  const choice = baseMapChoice(config);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const remote = choice.kind === 'remote' && !failed;
  // The embedded chunk is fetched with the map either way: a fallback then needs no request (it may be for
  // want of network), and the app-shell worker keeps it for visits without network.
  useEffect(() => void loadEmbedded().catch(() => undefined), []);
  const embedded = useQuery({
    queryKey: ['embedded-map-style'],
    queryFn: async () => (await loadEmbedded()).embeddedMapStyle(),
    enabled: !remote,
    staleTime: Infinity,
    retry: false,
  });

  const fallBack = useCallback(() => setFailed(true), []);
  const settled = useCallback(() => setDrawn(true), []);
  useEffect(() => {
    if (!remote || drawn) return;
    const timer = setTimeout(fallBack, REMOTE_STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [remote, drawn, fallBack]);

  if (choice.kind === 'remote' && remote) return { style: choice.url, name: 'remote', fallBack, settled };
  return embedded.data
    ? { style: embedded.data, name: 'embedded', fallBack, settled }
    : { style: PLAIN_STYLE, name: 'plain', fallBack, settled };
}
