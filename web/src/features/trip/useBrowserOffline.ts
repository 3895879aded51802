/**
 * Follows the browser's own offline state: when it reports no network, the live connection is closed at
 * once (so the status says "Offline — changes kept on this device" and edits wait in IndexedDB) instead
 * of waiting for a socket that may linger until a TCP timeout; when the network returns, it reconnects.
 */
import { useEffect } from 'react';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';

export function useBrowserOffline(connection: TripConnection | null): void {
  useEffect(() => {
    if (!connection) return;
    const { provider } = connection;
    const goOffline = () => provider.disconnect();
    const goOnline = () => {
      if (!provider.shouldConnect) provider.connect();
    };
    if (!navigator.onLine) goOffline();
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, [connection]);
}
