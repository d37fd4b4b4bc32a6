/* global document */
// Applies the stored theme before first paint (external file so a strict CSP needs no inline script).
(function () {
  try {
    if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch {
    /* storage unavailable: keep the light default */
  }
})();
