/** The user's position from the browser (10 s timeout, 5 min maximum age, low accuracy). */
import { useEffect, useState } from 'react';
import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS } from '@caravan/shared';

export const geolocationErrors = {
  unsupported: 'Geolocation is not supported by this browser.',
  denied: 'Location access denied by user.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  unknown: 'Unable to retrieve your location.',
} as const;

export interface GeolocationState {
  position: { latitude: number; longitude: number } | null;
  error: string | null;
}

function describe(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return geolocationErrors.denied;
    case error.POSITION_UNAVAILABLE:
      return geolocationErrors.unavailable;
    case error.TIMEOUT:
      return geolocationErrors.timeout;
    default:
      return geolocationErrors.unknown;
  }
}

export function useGeolocation(enabled = true): GeolocationState {
  const [state, setState] = useState<GeolocationState>({ position: null, error: null });
  useEffect(() => {
    if (!enabled) return;
    if (!('geolocation' in navigator)) {
      setState({ position: null, error: geolocationErrors.unsupported });
      return;
    }
    let active = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => active && setState({ position: { latitude: coords.latitude, longitude: coords.longitude }, error: null }),
      (error) => active && setState({ position: null, error: describe(error) }),
      { enableHighAccuracy: false, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAX_AGE_MS },
    );
    return () => {
      active = false;
    };
  }, [enabled]);
  return state;
}
