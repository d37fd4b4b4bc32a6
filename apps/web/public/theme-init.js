/* global document, window */
// Applies the theme before first paint (external file so a strict CSP needs no inline script):
// the stored choice ("light" or "dark"), else the device's preference (System, the default).
// src/lib/themeStore.ts takes over once the app has loaded and follows later changes.
(function () {
  let stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    /* storage unavailable: follow the device */
  }
  const dark =
    stored === 'dark' ||
    (stored !== 'light' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
})();
