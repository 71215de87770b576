// The game's service worker (start.js registers it; scripts/web.sh fills
// in this build's name and its program's names): the page starts without
// the network, and a new build starts at the next start, with nothing old
// kept.
//
// - One cache per build, `ca-ngua-BUILD`: BUILD is a hash of every file of
//   the build, so a new build changes this file's bytes, and the browser,
//   which looks at this file at each start (the server sends it
//   `no-cache`, and start.js registers it with `updateViaCache: 'none'`),
//   installs the new worker.
// - Installing fills the new build's cache: the page, its style, script
//   and icons from the network, and the program (its glue and .wasm, named
//   by their content) from an older build's cache when the names are the
//   same, else from the network. The new worker then takes over at once
//   (skipWaiting, clients.claim) and deletes every other build's cache.
// - Files named by their content (`NAME-HASH.EXT`) come from the cache
//   first: the same name is the same bytes.
// - The page (`/play/`) and its other files come from the network first,
//   so a new build's page, which names the new program, is what starts;
//   from the cache when the network fails, or is slower than SLOW.
// - Nothing else is answered here: the manifest (it is in the visitor's
//   language), this file, the server's API and pages outside /play/, and
//   every request that is not a GET.
const BUILD = '{{BUILD}}';
const CACHE = `ca-ngua-${BUILD}`;
// The program, named by its content.
const PROGRAM = ['{{JS}}', '{{WASM}}'];
// The page's own files ('./' is the page, index.html).
const PAGE = ['./', 'style.css', 'start.js', 'icon.png', 'icon-192.png'];
// How long the network may take before a kept copy is used.
const SLOW = 4000;
const SCOPE = new URL('./', self.location).pathname;
const NAMED_BY_CONTENT = /-[0-9a-f]{16,}\.[a-z0-9]+$/;

self.addEventListener('install', (event) => {
    event.waitUntil(
        (async () => {
            const cache = await caches.open(CACHE);
            await cache.addAll(PAGE.map((file) => new Request(file, { cache: 'no-cache' })));
            for (const file of PROGRAM) {
                const kept = await caches.match(file, { ignoreVary: true });
                if (kept) {
                    await cache.put(file, kept);
                } else {
                    await cache.add(file);
                }
            }
            await self.skipWaiting();
        })(),
    );
});

self.addEventListener('activate', (event) => {
    event.waitUntil(
        (async () => {
            for (const key of await caches.keys()) {
                if (key !== CACHE && key.startsWith('ca-ngua-')) {
                    await caches.delete(key);
                }
            }
            await self.clients.claim();
        })(),
    );
});

self.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.method !== 'GET') {
        return;
    }
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) {
        return;
    }
    const file = url.pathname.slice(SCOPE.length);
    if (file.endsWith('.webmanifest') || file === 'sw.js') {
        return;
    }
    if (request.mode === 'navigate') {
        if (file === '' || file === 'index.html') {
            event.respondWith(networkFirst(event, './'));
        }
    } else if (NAMED_BY_CONTENT.test(file)) {
        event.respondWith(cacheFirst(event));
    } else {
        event.respondWith(networkFirst(event, request));
    }
});

/** The kept copy of a file named by its content, else the network's (then kept). */
async function cacheFirst(event) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(event.request, { ignoreVary: true });
    if (kept) {
        return kept;
    }
    const response = await fetch(event.request);
    if (response.ok) {
        event.waitUntil(cache.put(event.request, response.clone()));
    }
    return response;
}

/** The network's answer (kept under `key`), or the kept copy when the
 * network fails or is slow. */
async function networkFirst(event, key) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(key, { ignoreVary: true, ignoreSearch: key === './' });
    const fresh = fetch(event.request).then((response) => {
        if (response.ok && !response.redirected) {
            event.waitUntil(cache.put(key, response.clone()));
        }
        return response;
    });
    if (!kept) {
        return fresh;
    }
    event.waitUntil(fresh.catch(() => {}));
    const slow = new Promise((resolve) => setTimeout(() => resolve(kept), SLOW));
    return Promise.race([fresh.catch(() => kept), slow]);
}
