// The viewer's offline cache. Installed from a static host (http or https), it keeps the built page
// and its assets, so the viewer starts again with no network: it reads the user's files locally
// anyway. Network first, so a new build is picked up whenever the host can be reached; the cache
// answers only when it cannot. Game files served by `gameanim view` (files/, preload.json) are never
// kept: they are the user's, and can be large.
const CACHE = 'gameanim-viewer';

/** The build's files, listed by the build (viewer/precache-plugin.ts). */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch('./precache.json', { cache: 'no-cache' });
      const cache = await caches.open(CACHE);
      await cache.addAll(await response.json());
      await self.skipWaiting();
    })(),
  );
});

// The page that registered the worker is served by it at once, not only after a reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const scope = new URL('./', self.location.href);
/**
 * The page and what the build produced; not the user's files. By path only: a navigation to a user's
 * file (`files/ped.ifp` opened in a tab) is a navigation too, and is not kept.
 */
const kept = (url) =>
  url.pathname.startsWith(`${scope.pathname}assets/`) || url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin || !kept(url)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      } catch (offline) {
        const cached = await cache.match(request, { ignoreSearch: true });
        if (cached) return cached;
        throw offline;
      }
    })(),
  );
});
