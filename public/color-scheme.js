/*
 * Runs before the first paint (a blocking classic script in index.html's head; the CSP
 * forbids inline scripts): sets the colour scheme Mantine will set once React starts, so the
 * splash and the first frame already have the member's appearance. The key is
 * COLOR_SCHEME_KEY of src/client/ui/color-scheme.ts; 'auto' (or nothing stored) follows
 * the device.
 */
(function () {
  var scheme = 'auto';
  try {
    var stored = window.localStorage.getItem('billionett:color-scheme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch (e) {
    // storage refused (private mode): follow the device
  }
  if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
