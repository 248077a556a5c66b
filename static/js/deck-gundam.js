// Gundam deck builder: browse and filter the pool, add copies to the main or resource deck,
// and write the whole deck into the form's hidden `data` field. The server validates every
// change (deck-changed) and again on save; this page only shows counts and the curve.
(function () {
  "use strict";
  var root = document.getElementById("gd-builder");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var cat = JSON.parse(document.getElementById("deck-catalogue").textContent);
  var pool = cat.card_pool, keywords = cat.keyword_names || {};
  // The most copies of a number a main deck may hold (resources are not limited): at the
  // limit, "Add" is off and says why, instead of letting a copy in to flag it afterwards.
  var maxCopies = cat.max_copies || Infinity;
  function atLimit(part, no) { return part === "main" && count(deck.main, no) >= maxCopies; }
  var LIMIT_WORDS = function () { return "Most allowed: " + maxCopies + " copies"; };
  var start = JSON.parse(document.getElementById("deck-initial").textContent) || {};
  var deck = { main: (start.main || []).slice(), resource: (start.resource || []).slice() };
  var field = document.getElementById("id_data");
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function count(list, no) { return list.filter(function (n) { return n === no; }).length; }
  function changed() {
    field.value = JSON.stringify(deck);
    render();
    document.body.dispatchEvent(new Event("deck-changed"));
  }
  function add(part, no) { deck[part].push(no); changed(); }
  function remove(part, no) { var i = deck[part].indexOf(no); if (i >= 0) deck[part].splice(i, 1); changed(); }

  Object.keys(keywords).forEach(function (k) { $("gd-f-keyword").appendChild(el("option", { value: k }, keywords[k])); });
  ["gd-f-colour", "gd-f-type", "gd-f-level", "gd-f-keyword", "gd-f-text"].forEach(function (id) {
    $(id).addEventListener("input", renderPool);
  });

  function matches(c) {
    var f = { colour: $("gd-f-colour").value, type: $("gd-f-type").value, level: $("gd-f-level").value, kw: $("gd-f-keyword").value, text: $("gd-f-text").value.toLowerCase() };
    if (f.colour && c.colour !== f.colour) return false;
    if (f.type && c.type !== f.type) return false;
    if (f.level && String(c.level) !== f.level) return false;
    if (f.kw && !(c.keywords && c.keywords[f.kw])) return false;
    if (f.text && (c.name + " " + (c.text || "")).toLowerCase().indexOf(f.text) < 0) return false;
    return true;
  }
  function renderPool() {
    var box = $("gd-pool");
    box.innerHTML = "";
    Object.keys(pool).forEach(function (no) {
      var c = pool[no];
      if (!matches(c)) return;
      var card = el("div", { "class": "card " + (c.colour || ""), "data-no": no });
      card.appendChild(el("strong", {}, c.name));
      var stats = [no, c.type, "Lv " + c.level, "cost " + c.cost];
      if (c.ap !== undefined) stats.push(c.ap + " AP / " + c.hp + " HP");
      card.appendChild(el("div", { "class": "meta" }, stats.join(" · ")));
      if (c.text) card.appendChild(el("div", { "class": "text" }, c.text));
      var part = c.type === "resource" ? "resource" : "main";
      var full = atLimit(part, no);
      var b = el("button", { type: "button", "class": "btn", "data-add": no },
        full ? LIMIT_WORDS() + " (" + count(deck[part], no) + " in)" : "Add to " + part + " (" + count(deck[part], no) + ")");
      b.disabled = full;
      b.addEventListener("click", function () { if (!atLimit(part, no)) { add(part, no); } });
      card.appendChild(b);
      box.appendChild(card);
    });
  }
  function renderList(part, listId, countId, size) {
    var ul = $(listId);
    ul.innerHTML = "";
    var seen = {};
    deck[part].forEach(function (no) { seen[no] = (seen[no] || 0) + 1; });
    Object.keys(seen).sort().forEach(function (no) {
      var li = el("li");
      li.appendChild(el("span", { "class": "nm" }, seen[no] + "× " + (pool[no] ? pool[no].name : no) + " (" + no + ")"));
      var minus = el("button", { type: "button", "class": "btn", "aria-label": "remove one " + no }, "−");
      var plus = el("button", { type: "button", "class": "btn", "aria-label": "add one " + no }, "+");
      if (atLimit(part, no)) {
        plus.disabled = true;
        plus.title = LIMIT_WORDS();
        plus.setAttribute("aria-label", "add one " + no + ": " + LIMIT_WORDS().toLowerCase());
      }
      minus.addEventListener("click", function () { remove(part, no); });
      plus.addEventListener("click", function () { if (!atLimit(part, no)) { add(part, no); } });
      li.append(minus, plus);
      ul.appendChild(li);
    });
    var n = deck[part].length, counter = $(countId);
    counter.textContent = n + " / " + size;
    counter.className = "counter" + (n === size ? " full" : n > size ? " over" : "");
  }
  function renderCurve() {
    var levels = [0, 0, 0, 0, 0, 0, 0], colours = {};
    deck.main.forEach(function (no) {
      var c = pool[no];
      if (!c) return;
      if (c.level >= 0 && c.level <= 6) levels[c.level] += 1;
      if (c.colour) colours[c.colour] = true;
    });
    var max = Math.max.apply(null, levels.concat([1]));
    var curve = $("gd-curve");
    curve.innerHTML = "";
    levels.forEach(function (n, lv) {
      var bar = el("div", { "class": "bar", title: n + " card(s) of level " + lv });
      bar.style.height = (n / max * 100) + "%";
      bar.appendChild(el("b", {}, String(n)));
      bar.appendChild(el("span", {}, "Lv" + lv));
      curve.appendChild(bar);
    });
    var cs = Object.keys(colours);
    $("gd-colours").textContent = "Colours: " + (cs.length ? cs.join(", ") : "none yet") + " (1–2 allowed)";
  }
  function render() {
    renderPool();
    renderList("main", "gd-main", "gd-main-count", 50);
    renderList("resource", "gd-res", "gd-res-count", 10);
    renderCurve();
  }
  field.value = JSON.stringify(deck);
  render();
})();
