// snakecube's service worker: it keeps every file of the site, so that
// after a first visit the page works offline. CACHE names this build's
// files by a hash of them, so a new build installs a new cache and the
// old one is dropped; FILES are the files. The build writes both.
'use strict';
var CACHE = 'snakecube', FILES = [];

// The files are fetched past the browser's HTTP cache (no-store): the
// page's worker fetches the engine at the same time, and two requests
// for one address that share an entry of that cache are ordered by it,
// the second restarted when the first's entry is dropped, as it is when
// the install fails. Kept here, the files need no second copy there.
self.addEventListener('install', function (e) {
  var fresh = FILES.map(function (f) { return new Request(f, {cache: 'no-store'}); });
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(fresh); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('snakecube-') === 0 && k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// Every file is answered from the cache, the page's address whatever its
// query; anything else, from the network.
self.addEventListener('fetch', function (e) {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.open(CACHE).then(function (c) {
    return c.match(e.request, {ignoreSearch: true}).then(function (r) { return r || fetch(e.request); });
  }));
});
