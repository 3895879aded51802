/** The current time, refreshed every `intervalMs`, so relative timestamps ("5 minutes ago") keep up. */
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
