/**
 * Opens the live connection to a trip for as long as the component using it is mounted, and exposes its
 * status and the ordered stop list, re-read at most once per animation frame however many changes arrive.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { orderedStops, stopsMap, type DocStop } from '@caravan/shared';
import { openTripConnection, type TripConnection, type TripConnectionStatus } from './tripConnection.ts';

/** Stands in for the status until the connection exists (it is opened in an effect). */
const openingStatus = createStore<TripConnectionStatus>(() => ({
  connection: 'connecting',
  save: 'saved',
  synced: false,
  loadedFromCache: false,
  closedReason: null,
  liveEditingRestarting: false,
}));

const NO_STOPS: DocStop[] = [];

const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  }
  const timer = setTimeout(run, 16);
  return () => clearTimeout(timer);
};

export interface TripConnectionView {
  connection: TripConnection | null;
  status: TripConnectionStatus;
  stops: DocStop[];
  doc: TripConnection['doc'] | null;
}

/** `readOnly`: the member may not write the document (a viewer), so nothing of theirs ever waits to be saved. */
export function useTripConnection(tripId: string, userId: number, readOnly: boolean): TripConnectionView {
  const [connection, setConnection] = useState<TripConnection | null>(null);
  const [stops, setStops] = useState<DocStop[]>(NO_STOPS);
  const status = useStore(connection?.status ?? openingStatus);

  // Opened in an effect, not during render, so StrictMode's double mount does not leak a socket.
  useEffect(() => {
    const opened = openTripConnection({ tripId, userId });
    setConnection(opened);
    return () => {
      setConnection(null);
      setStops(NO_STOPS);
      opened.destroy();
    };
  }, [tripId, userId]);

  useEffect(() => connection?.setReadOnly(readOnly), [connection, readOnly]);

  useEffect(() => {
    if (!connection) return;
    const stopsRoot = stopsMap(connection.doc);
    let cancelFrame: (() => void) | null = null;
    const read = () => {
      cancelFrame = null;
      setStops(orderedStops(connection.doc));
    };
    const onChange = () => {
      cancelFrame ??= nextFrame(read);
    };
    read();
    stopsRoot.observeDeep(onChange);
    return () => {
      stopsRoot.unobserveDeep(onChange);
      cancelFrame?.();
    };
  }, [connection]);

  return { connection, status, stops, doc: connection?.doc ?? null };
}
