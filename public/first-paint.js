/*
 * The home feed's first cards, painted from the member's IndexedDB before the app's
 * JavaScript has loaded (issue 13: the first cached cards within 2× a bare page reading the
 * same rows). A blocking classic script in index.html's head, like color-scheme.js (the CSP
 * forbids inline scripts): on '/', for a signed-in member whose device mirrors the feed, it
 * reads feed page 1 (store/feed-pages.ts: listPages key `feed:<me>:all||:1`, rows in
 * `posts`) with the member's own entries written since (as entries/queries.ts readFeed
 * does) and draws the page's frame and its first cards into #root in place of the splash.
 * React's first render replaces #root's children whole (createRoot clears the container when
 * it commits), so the real cards take their place at once; nothing here is kept.
 *
 * It is a picture of the feed, not the feed: inert and hidden from assistive technology
 * (which hears "Billionett is loading", as with the splash), its words drawn by CSS from
 * data attributes, so no text of it can be found, selected or clicked for the moment it is
 * on screen. Only IndexedDB is read; a device without the rows (a first visit, another page)
 * keeps the splash. Its layout copies the shell's (AppShell: header 60, footer 40, menu 240
 * from 48em; home-layout.module.css) and the post card's (entries/components/post-card.tsx).
 *
 * `window.billionettFirstPaint` resolves once the cards are on screen (a frame has been
 * made with them) or, with nothing to paint, once the splash is; main.tsx loads the app after it, so the
 * app's JavaScript does not hold back these reads and that frame. Never later than HOLD_MS.
 */
(function () {
  var CARDS = 4;
  var SCHEMA = ['listPages', 'posts'];
  var HOLD_MS = 300;
  var finish;
  window.billionettFirstPaint = new Promise(function (resolve) {
    finish = resolve;
  });
  setTimeout(finish, HOLD_MS);

  function session() {
    try {
      var user = JSON.parse(localStorage.getItem('userData') || 'null');
      return localStorage.getItem('accessToken') && user && typeof user.id === 'string' ? user.id : null;
    } catch (e) {
      return null; // storage refused: nothing to read
    }
  }

  /** date-fns formatDistanceToNow(…, { addSuffix: true }), the post header's words. */
  function ago(iso, now) {
    var t = new Date(iso).getTime();
    if (isNaN(t)) return '';
    var future = t > now;
    var minutes = Math.abs(now - t) / 60000;
    var words;
    if (minutes < 0.5) words = 'less than a minute';
    else if (minutes < 1.5) words = '1 minute';
    else if (minutes < 44.5) words = Math.round(minutes) + ' minutes';
    else if (minutes < 89.5) words = 'about 1 hour';
    else if (minutes < 1439.5) words = 'about ' + Math.round(minutes / 60) + ' hours';
    else if (minutes < 2519.5) words = '1 day';
    else if (minutes < 43199.5) words = Math.round(minutes / 1440) + ' days';
    else if (minutes < 86399.5) words = 'about ' + Math.round(minutes / 43200) + ' month' + (Math.round(minutes / 43200) === 1 ? '' : 's');
    else {
      var months = calendarMonths(new Date(t), new Date(now));
      if (months < 12) words = Math.round(minutes / 43200) + ' months';
      else {
        var years = Math.floor(months / 12);
        var rest = months % 12;
        words = rest < 3 ? 'about ' + years + ' year' : rest < 9 ? 'over ' + years + ' year' : 'almost ' + (years + 1) + ' year';
        words += (rest < 9 ? years : years + 1) === 1 ? '' : 's';
      }
    }
    return future ? 'in ' + words : words + ' ago';
  }

  /** Whole calendar months between two dates (date-fns differenceInMonths). */
  function calendarMonths(a, b) {
    var early = a < b ? a : b;
    var late = a < b ? b : a;
    var months = (late.getFullYear() - early.getFullYear()) * 12 + late.getMonth() - early.getMonth();
    var probe = new Date(early.getTime());
    probe.setMonth(probe.getMonth() + months);
    return probe > late ? months - 1 : months;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.setAttribute('data-t', text);
    return e;
  }

  /** As ui/media-url.ts draws an `md` avatar (mediaUrl, defaultAvatarUrl); the test holds them together. */
  function avatarOf(who) {
    var g = String(who.gender || '').toLowerCase();
    if (who.profileDp) return '/media/secondary/' + encodeURIComponent(who.profileDp);
    return '/avatars/' + (g === 'male' || g === 'female' ? g : 'other') + '-md.svg';
  }

  function card(row, now) {
    var post = (row.sharedDetails && row.sharedDetails.sharedPost) || row.originalPost;
    if (!post || !post.postedBy) return null;
    var who = post.postedBy;
    var article = el('article', 'fp-card');
    var head = el('div', 'fp-head');
    var frame = el('span', 'fp-frame');
    var face = el('img', 'fp-face');
    face.alt = '';
    face.setAttribute('data-src', avatarOf(who));
    frame.appendChild(face);
    if (who.planName) {
      var ring = el('img', 'fp-ring');
      ring.alt = '';
      ring.setAttribute('data-src', '/frames/' + encodeURIComponent(String(who.planName).toLowerCase()) + '.svg');
      frame.appendChild(ring);
    }
    var names = el('div', 'fp-names');
    names.appendChild(el('span', 'fp-name', who.displayName || ''));
    names.appendChild(el('span', 'fp-dim', [who.professionName, ago(post.postDateTime, now)].filter(Boolean).join(' · ')));
    head.appendChild(frame);
    head.appendChild(names);
    head.appendChild(el('span', 'fp-dim fp-menu', '⋯'));
    article.appendChild(head);
    if (post.postDescription) article.appendChild(el('div', 'fp-text', post.postDescription));
    if (post.location && post.location.place) article.appendChild(el('div', 'fp-dim', '⌖ ' + post.location.place));
    var counts = el('div', 'fp-row fp-dim');
    counts.appendChild(el('span', '', '★ ' + Number(post.avgRating || 0).toFixed(1)));
    counts.appendChild(el('span', '', (post.noOfComments || 0) + ' Comments'));
    counts.appendChild(el('span', '', (post.noOfShares || 0) + ' Shares'));
    article.appendChild(counts);
    article.appendChild(el('hr', 'fp-rule'));
    var actions = el('div', 'fp-row fp-actions');
    actions.appendChild(el('span', 'fp-stars', '★★★★★'));
    actions.appendChild(el('span', 'fp-act', 'Comment'));
    actions.appendChild(el('span', 'fp-act', 'Share'));
    article.appendChild(actions);
    return article;
  }

  var STYLE =
    '.fp{--fp-bg:#fff;--fp-line:#dee2e6;--fp-text:#000;--fp-dim:#495057;--fp-act:#0b1b33;--fp-star:#ced4da;' +
    'min-height:100vh;background:var(--fp-bg);color:var(--fp-text);font:400 14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}' +
    '[data-mantine-color-scheme=dark] .fp{--fp-bg:#172134;--fp-line:#414d63;--fp-text:#d5dbe6;--fp-dim:#b4bdcc;--fp-act:#d8e1f0;--fp-star:#414d63}' +
    '.fp [data-t]::before{content:attr(data-t)}' +
    '.fp-bar{position:fixed;left:0;right:0;top:0;height:60px;box-sizing:border-box;border-bottom:1px solid var(--fp-line);background:var(--fp-bg);display:flex;align-items:center;gap:8px;padding:0 16px;font-size:19.2px;font-weight:800;letter-spacing:-0.01em;z-index:1}' +
    '.fp-mark{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:10px;color:#fff;background:linear-gradient(135deg,#3565bd,#0b1b33);box-shadow:inset 0 -2px 0 #c9a227}' +
    '.fp-burger{width:18px;height:2px;margin:0 4px;background:currentColor;box-shadow:0 -6px 0 currentColor,0 6px 0 currentColor}' +
    '.fp-foot{position:fixed;left:0;right:0;bottom:0;height:40px;box-sizing:border-box;border-top:1px solid var(--fp-line);background:var(--fp-bg)}' +
    '.fp-menu-col{display:none}' +
    '.fp-main{padding:76px 16px 56px}' +
    '.fp-grid{display:grid;grid-template-columns:minmax(0,648px);gap:16px;justify-content:center;align-items:start}' +
    '.fp-news{display:none}' +
    '.fp-box,.fp-card,.fp-news{border:1px solid var(--fp-line);border-radius:8px;background:var(--fp-bg);box-sizing:border-box}' +
    '.fp-feed{display:flex;flex-direction:column;gap:16px}' +
    '.fp-box{padding:12px;font-size:16px;line-height:25px;color:var(--fp-dim)}' +
    '.fp-filters{display:flex;flex-wrap:wrap;gap:0 22px;padding:4px 15px;font-size:14px;font-weight:600;line-height:30px;color:var(--fp-text)}' +
    '.fp-card{padding:16px;display:flex;flex-direction:column;gap:12px}' +
    '.fp-head{display:flex;gap:12px;align-items:flex-start}' +
    '.fp-frame{position:relative;width:52px;height:52px;flex:none}' +
    '.fp-face{position:absolute;inset:4px;width:44px;height:44px;border-radius:50%;background:#e7f0ff}' +
    '.fp-ring{position:absolute;inset:0;width:52px;height:52px}' +
    '.fp-names{display:flex;flex-direction:column;min-width:0;flex:1}' +
    '.fp-name{font-weight:600;line-height:20.3px}' +
    '.fp-dim{color:var(--fp-dim);font-size:12px;line-height:16.8px}' +
    '.fp-menu{font-size:16px;padding:0 9px}' +
    '.fp-text{white-space:pre-wrap;overflow-wrap:anywhere;line-height:20.3px;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}' +
    '.fp-row{display:flex;gap:16px;align-items:center}' +
    '.fp-rule{margin:0;border:0;border-top:1px solid var(--fp-line)}' +
    '.fp-actions{justify-content:space-between;gap:8px}' +
    '.fp-stars{color:var(--fp-star);font-size:21px;line-height:26px;flex:1}' +
    '.fp-act{color:var(--fp-act);font-weight:600;padding:0 8px}' +
    '@media (max-width:30em){.fp-word{display:none}}' +
    '@media (min-width:48em){.fp-burger{display:none}.fp-menu-col{display:block;position:fixed;left:0;top:60px;bottom:40px;width:240px;box-sizing:border-box;border-right:1px solid var(--fp-line)}.fp-main{padding-left:256px}}' +
    '@media (min-width:62.001em){.fp-grid{grid-template-columns:minmax(220px,320px) minmax(0,648px)}.fp-news{display:block;min-height:186px}.fp-filters{flex-wrap:nowrap}}';

  function paint(rows) {
    var root = document.getElementById('root');
    // React has drawn already, or another script took the splash: leave the page alone.
    if (!root || !root.querySelector('.bn-splash')) return finish();
    var now = Date.now();
    var cards = rows.map(function (row) { return row && card(row, now); }).filter(Boolean);
    if (cards.length === 0) return finish();
    var style = document.createElement('style');
    style.textContent = STYLE;
    document.head.appendChild(style);
    var page = el('div', 'fp');
    page.setAttribute('role', 'status');
    page.setAttribute('aria-label', 'Billionett is loading');
    var picture = el('div');
    picture.setAttribute('aria-hidden', 'true');
    picture.setAttribute('inert', '');
    var bar = el('div', 'fp-bar');
    bar.appendChild(el('span', 'fp-burger'));
    bar.appendChild(el('span', 'fp-mark', 'B'));
    bar.appendChild(el('span', 'fp-word', 'Billionett'));
    var main = el('div', 'fp-main');
    var grid = el('div', 'fp-grid');
    var feed = el('section', 'fp-feed');
    feed.setAttribute('aria-label', 'Feed');
    feed.appendChild(el('div', 'fp-box', 'Create entry'));
    var filters = el('div', 'fp-box fp-filters');
    ['Entry', 'Poll', 'Occasion', 'Transit', 'Archive', 'Tags'].forEach(function (f) { filters.appendChild(el('span', '', f)); });
    feed.appendChild(filters);
    cards.forEach(function (c) { feed.appendChild(c); });
    grid.appendChild(el('div', 'fp-news'));
    grid.appendChild(feed);
    main.appendChild(grid);
    picture.appendChild(bar);
    picture.appendChild(el('div', 'fp-menu-col'));
    picture.appendChild(main);
    picture.appendChild(el('div', 'fp-foot'));
    page.appendChild(picture);
    root.replaceChildren(page);
    // The app may load once a frame holds the cards (a task after the next animation frame).
    // The pictures come after that frame: drawing eight SVGs doubled its time.
    requestAnimationFrame(function () {
      setTimeout(function () {
        page.querySelectorAll('img[data-src]').forEach(function (img) {
          img.src = img.getAttribute('data-src');
        });
        finish();
      }, 0);
    });
  }

  /** Callbacks run outside the try below: anything unexpected in one lets the app load at once. */
  function guard(fn) {
    return function () {
      try {
        fn();
      } catch (e) {
        finish();
      }
    };
  }

  try {
    var me = location.pathname === '/' ? session() : null;
    // Nothing of the feed to paint (checkin, a first visit, another page): the splash is the
    // picture, so the app waits for the frame that shows it — its first task (~0.5 s on a slow
    // phone) would hold that frame back, and the member would look at a blank page meanwhile.
    if (!me) return window.requestAnimationFrame ? requestAnimationFrame(function () { setTimeout(finish, 0); }) : finish();
    var open = indexedDB.open('billionett-' + me);
    // No database yet: do not create one (the app creates it, with its schema).
    open.onupgradeneeded = function () {
      open.transaction.abort();
    };
    open.onerror = finish;
    open.onblocked = finish;
    open.onsuccess = guard(function () {
      var db = open.result;
      if (!SCHEMA.every(function (s) { return db.objectStoreNames.contains(s); })) {
        db.close();
        return finish();
      }
      var tx = db.transaction(SCHEMA, 'readonly');
      tx.oncomplete = function () {
        db.close();
      };
      tx.onabort = finish;
      var posts = tx.objectStore('posts');
      var first = tx.objectStore('listPages').get('feed:' + me + ':all||:1');
      first.onsuccess = guard(function () {
        if (!first.result) return finish();
        // As the feed reads it (entries/queries.ts readFeed): the member's own entries newer
        // than page 1's pull first (written here, perhaps unsent), then the page's; an entry
        // whose deletion is queued is not drawn. A few more than drawn, for those left out.
        var listed = first.result.codes || [];
        var codes = listed.slice(0, CARDS + 4);
        var since = new Date(first.result.syncedAt || 0).toISOString();
        var fresh = posts.index('postedAt').getAll(IDBKeyRange.lowerBound(since, true));
        var rows = [];
        var left = codes.length + 1;
        var done = guard(function () {
          if (--left > 0) return;
          var mine = fresh.result
            .filter(function (r) {
              var by = (r.originalPost && r.originalPost.postedBy) || {};
              var sharer = (r.sharedDetails && r.sharedDetails.sharedBy) || {};
              return listed.indexOf(r.postCode) < 0 && (by.userCode === me || sharer.userCode === me);
            })
            .sort(function (a, b) {
              return a.postedAt < b.postedAt ? 1 : a.postedAt > b.postedAt ? -1 : 0;
            });
          var shown = mine.concat(rows).filter(function (r) {
            return r && !(r._deleting && r._sync === 'pending');
          });
          paint(shown.slice(0, CARDS));
        });
        fresh.onsuccess = done;
        codes.forEach(function (code, i) {
          var get = posts.get(code);
          get.onsuccess = function () {
            rows[i] = get.result;
            done();
          };
        });
      });
    });
  } catch (e) {
    // Anything unexpected: the splash stays and the app paints as before.
    finish();
  }
})();
