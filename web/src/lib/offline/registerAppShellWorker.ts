/**
 * Registers the app-shell worker (public/sw.js) in production builds, and tells it which build assets
 * this page already loaded before the worker controlled it, so a reload without network finds them all.
 */
function reportLoadedAssets(worker: ServiceWorker | null | undefined): void {
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`));
  worker.postMessage({ type: 'cache-assets', urls });
}

let registered = false;

export function registerAppShellWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => reportLoadedAssets(navigator.serviceWorker.controller));
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => reportLoadedAssets(registration.active))
    // Without a worker the app works as before; only reloading while offline is lost.
    .catch(() => undefined);
}
