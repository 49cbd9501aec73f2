// Starts a signed-in screen's first API reads as the page arrives, before the app's code has
// even loaded: the server names them on this script's tag (data-reads, from
// src/app/screen-reads.ts) for the screens that have them. The app takes each answer over
// (startEarlyReads in src/lib/api-client.ts) instead of asking again. A plain file for the same
// reason as theme-init.js: the CSP allows script-src 'self' only.
/* global window, document */
(function () {
  var script = document.currentScript;
  var reads = script && script.dataset.reads ? script.dataset.reads.split(' ') : [];
  var token = null;
  try {
    // ACCESS_TOKEN_KEY in src/lib/session-storage.ts.
    token = localStorage.getItem('access_token');
  } catch {
    // Storage blocked: the app signs the person in again anyway.
  }
  // null: the app has already started and made its own reads (this script arrived late).
  if (window.vowaPageReads === null) return;
  if (!token || reads.length === 0 || expiresSoon(token)) return;
  var started = {};
  var now = Date.now();
  reads.forEach(function (path) {
    started[path] = {
      token: token,
      startedAt: now,
      // The same request the app's api-client sends for a plain read.
      response: fetch('/api' + path, {
        credentials: 'include',
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      }).catch(function () {
        return undefined;
      }),
    };
  });
  window.vowaPageReads = started;

  // An access token about to expire is renewed by the app first (hasExpired in api-client.ts).
  function expiresSoon(jwt) {
    try {
      var claims = JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now() + 5000;
    } catch {
      return false;
    }
  }
})();
