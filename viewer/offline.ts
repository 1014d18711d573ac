// Registers the offline cache (public/sw.js) when the built viewer is served over http or https:
// a service worker needs one of them (never file://), and the dev server has no build to cache.
export function registerOfflineCache(): void {
  if (import.meta.env.DEV || !navigator.serviceWorker /* absent outside secure contexts */ || !/^https?:$/.test(location.protocol)) return;
  // A host that refuses it (a private window, a policy) leaves a viewer that needs the network: no more.
  navigator.serviceWorker.register('./sw.js').catch(() => undefined);
}
