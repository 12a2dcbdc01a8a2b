// snakecube's service worker: it keeps every file of the site, so that
// after a first visit the page works offline. CACHE names this build's
// files by a hash of them, so a new build installs a new cache and the
// old one is dropped; FILES are the files. The build writes both.
'use strict';
var CACHE = 'snakecube', FILES = [];

self.addEventListener('install', function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
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
