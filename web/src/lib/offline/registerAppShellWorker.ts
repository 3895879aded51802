/**
 * Registers the app-shell worker (public/sw.js) in production builds, and tells it which build assets
 * this page already loaded before the worker controlled it, so a reload without network finds them all.
 * `keepOffline` loads lazy pages this page does not show but that must open offline too (the sign-in page, where
 * signing out lands), so their assets are among them.
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

export function registerAppShellWorker(keepOffline: ReadonlyArray<() => Promise<unknown>> = []): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => reportLoadedAssets(navigator.serviceWorker.controller));
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then(async (registration) => {
      await Promise.all(keepOffline.map((load) => load().catch(() => undefined)));
      reportLoadedAssets(registration.active);
    })
    // Without a worker the app works as before; only reloading while offline is lost.
    .catch(() => undefined);
}
