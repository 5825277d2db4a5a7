/*
 * Which service worker controlled this page as it began, and whether another has taken
 * control since: read by src/client/pwa/register.ts, which registers only once the browser
 * is idle, seconds after the page began. A blocking classic script in index.html's head, the
 * first to run, so it sees the page's first controller.
 *
 * Why: after the member's Reload on a new version, the reload may be served by the old
 * worker, and the new one take over (its clients.claim) while the page still loads. Unseen,
 * the page would run the old version's screens under the new worker, which no longer keeps
 * their chunks, and nothing would offer the update again.
 */
(function () {
  var container = navigator.serviceWorker;
  if (!container) return;
  window.billionettControllerWatch = { hadController: Boolean(container.controller), changed: false };
  container.addEventListener('controllerchange', function () {
    window.billionettControllerWatch.changed = true;
  });
})();
