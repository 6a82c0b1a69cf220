/*
 * EMDR Training Marketplace widget, v1 (docs/product.md, Widget). A trainer pastes two lines into
 * their own website:
 *   <script src="https://{site}/embed/v1.js" async></script>
 *   <emdr-trainings trainer="{slug}" limit="5"></emdr-trainings>
 * and their upcoming trainings appear there. No framework and no build step: this file is served
 * as written, checked at most 10 KB gzip (tests/support/budgets.ts). It renders into a shadow root
 * with its own styles, so the host page's CSS cannot reach it, and reads the public list only
 * (GET /api/trainings, which any origin may read), never with cookies.
 */
(function () {
  'use strict';
  if (!window.customElements || customElements.get('emdr-trainings')) return;

  // The site this script came from: an async script still has currentScript while it runs.
  var script = document.currentScript || document.querySelector('script[src$="/embed/v1.js"]');
  var SITE = script && script.src ? new URL(script.src).origin : location.origin;
  var SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  var MAX = 50;

  // `all: initial` cuts what the host page's styles would pass down (fonts, colours, alignment).
  var STYLE =
    ':host{all:initial;display:block;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;text-align:left}' +
    '*{box-sizing:border-box}' +
    '.w{border:1px solid #e2e8f0;border-radius:8px;padding:12px;background:#fff}' +
    'ul{list-style:none;margin:0;padding:0}' +
    'li{padding:10px 0;border-bottom:1px solid #e2e8f0}' +
    'li:last-child{border-bottom:0}' +
    'a{color:#1d4ed8;text-decoration:underline;font-weight:600}' +
    'a:hover{color:#1e3a8a}' +
    'a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}' +
    '.m{margin:2px 0 0;font-size:13px;color:#334155}' +
    '.p{font-weight:700;color:#0f172a}' +
    '.s{margin:0;color:#334155}' +
    '.more{margin:10px 0 0;font-size:14px}';

  var formats = {};
  function formatter(zone, zoneName) {
    var key = zone + '|' + zoneName;
    if (!formats[key]) {
      var options = zoneName
        ? { timeZone: zone, timeZoneName: 'short', hour: 'numeric' }
        : { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' };
      formats[key] = new Intl.DateTimeFormat('en-US', options);
    }
    return formats[key];
  }

  /** "Jan 5, 2027 - Jan 7, 2027 (EST)": the days in the training's own zone, as on the site. */
  function when(t) {
    var zone = t.timeZone || 'America/New_York';
    var start = new Date(t.startDate);
    var end = new Date(t.endDate);
    var a = formatter(zone).format(start);
    var b = formatter(zone).format(end);
    var parts = formatter(zone, true).formatToParts(start);
    var abbr = '';
    for (var i = 0; i < parts.length; i++) if (parts[i].type === 'timeZoneName') abbr = parts[i].value;
    return (a === b ? a : a + ' - ' + b) + (abbr ? ' (' + abbr + ')' : '');
  }

  function price(n) {
    return '$' + Number(n).toLocaleString('en-US');
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs) node.setAttribute(name, attrs[name]);
    if (text != null) node.textContent = text;
    return node;
  }

  class EmdrTrainings extends HTMLElement {
    static get observedAttributes() {
      return ['trainer', 'limit'];
    }
    connectedCallback() {
      this.load();
    }
    attributeChangedCallback() {
      if (this.isConnected) this.load();
    }

    /** The shadow root's content box, with its styles; made once. */
    box() {
      if (!this.root) {
        this.root = this.attachShadow({ mode: 'open' });
        this.root.appendChild(el('style', {}, STYLE));
        this.frame = this.root.appendChild(el('div', { class: 'w', part: 'box' }));
      }
      this.frame.textContent = '';
      return this.frame;
    }

    load() {
      var slug = (this.getAttribute('trainer') || '').trim().toLowerCase();
      var limit = Math.min(MAX, Math.max(1, parseInt(this.getAttribute('limit') || '5', 10) || 5));
      var box = this.box();
      if (!SLUG.test(slug)) {
        box.appendChild(el('p', { class: 's' }, 'No trainer is named for this list.'));
        return;
      }
      box.appendChild(el('p', { class: 's', role: 'status' }, 'Loading trainings...'));
      const asked = (this.asked = slug + '|' + limit);
      const url = SITE + '/api/trainings?trainer=' + slug + '&fields=card&limit=' + limit;
      // Only the answer to the latest attributes is shown (they may change while one is loading).
      fetch(url, { credentials: 'omit', mode: 'cors' })
        .then((res) => {
          if (!res.ok) throw new Error(String(res.status));
          return res.json();
        })
        .then(
          (cards) => {
            if (this.asked === asked) this.show(slug, cards);
          },
          () => {
            if (this.asked !== asked) return;
            const failed = this.box();
            failed.appendChild(el('p', { class: 's', role: 'status' }, 'Trainings could not be loaded. '));
            failed.appendChild(this.more(slug, 'See them on the EMDR Training Marketplace'));
          },
        );
    }

    more(slug, text) {
      var p = el('p', { class: 'more' });
      p.appendChild(el('a', { href: SITE + '/trainers/' + slug, target: '_top' }, text));
      return p;
    }

    show(slug, cards) {
      var box = this.box();
      if (!cards.length) {
        box.appendChild(el('p', { class: 's' }, 'No upcoming trainings'));
        box.appendChild(this.more(slug, 'Trainer page on the EMDR Training Marketplace'));
        return;
      }
      var list = box.appendChild(el('ul', { 'aria-label': 'Upcoming EMDR trainings' }));
      var name = '';
      cards.forEach(function (t) {
        if (!name && t.trainer) name = t.trainer.name;
        var item = list.appendChild(el('li'));
        item.appendChild(el('a', { href: SITE + '/training/' + encodeURIComponent(t.id), target: '_top' }, t.title));
        item.appendChild(el('p', { class: 'm' }, when(t)));
        var facts = item.appendChild(el('p', { class: 'm' }, t.format + ' · ' + t.location + ' · '));
        facts.appendChild(el('span', { class: 'p' }, price(t.price)));
      });
      box.appendChild(this.more(slug, name ? 'More trainings by ' + name : 'More trainings'));
    }
  }

  customElements.define('emdr-trainings', EmdrTrainings);
})();
