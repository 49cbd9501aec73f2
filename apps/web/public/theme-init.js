// Runs before first paint so a light-theme user never sees a dark flash (and vice versa).
// Kept as a file, not inline, because the server's CSP only allows script-src 'self'.
/* global window, document */
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('vowa.theme') === 'light') theme = 'light';
  } catch {
    // Storage can be blocked (private mode); the default theme is fine then.
  }
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
})();
