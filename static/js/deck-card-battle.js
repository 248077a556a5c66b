// Card Battle deck builder: edits the deck in the page and writes it, whole, into the form's
// hidden `data` field. The server validates every change (deck-changed) and again on save.
(function () {
  "use strict";
  var root = document.getElementById("cb-builder");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var cat = JSON.parse(document.getElementById("deck-catalogue").textContent);
  var deck = JSON.parse(document.getElementById("deck-initial").textContent) || {};
  deck = { deck_type: deck.deck_type || "", strategy: deck.strategy || "", cards: (deck.cards || []).slice() };
  var locked = root.dataset.locked === "1";
  var SIZE = 20;
  var field = document.getElementById("id_data");

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function changed() {
    field.value = JSON.stringify(deck);
    render();
    document.body.dispatchEvent(new Event("deck-changed"));
  }
  function choices(container, options, key) {
    container.innerHTML = "";
    Object.keys(options).forEach(function (k) {
      var o = options[k];
      // The label alone: the explanation beside the buttons carries the icon and the summary.
      var b = el("button", { type: "button", "class": "choice", "data-value": k, title: o.summary || "",
        "aria-pressed": deck[key] === k ? "true" : "false" }, o.label);
      b.style.borderColor = o.hex;
      if (deck[key] === k) { b.classList.add("selected"); b.style.background = o.hex; }
      if (locked) b.disabled = true;
      b.addEventListener("click", function () { deck[key] = k; changed(); });
      container.appendChild(b);
    });
  }
  function move(i, j) {
    if (j < 0 || j >= deck.cards.length) return;
    var c = deck.cards.splice(i, 1)[0];
    deck.cards.splice(j, 0, c);
    changed();
  }
  var dragFrom = null;
  function renderDeck() {
    var list = document.getElementById("cb-deck");
    list.innerHTML = "";
    deck.cards.forEach(function (name, i) {
      var li = el("li", { draggable: "true", "data-index": i });
      // Draw order matters, and a flex row hides the list's own numbers: show them.
      li.appendChild(el("span", { "class": "pos" }, (i + 1) + "."));
      li.appendChild(el("span", { "class": "nm" }, name));
      var up = el("button", { type: "button", "class": "btn", "aria-label": "move " + name + " up" }, "Up");
      var down = el("button", { type: "button", "class": "btn", "aria-label": "move " + name + " down" }, "Down");
      var del = el("button", { type: "button", "class": "btn danger", "aria-label": "remove " + name }, "Remove");
      up.addEventListener("click", function () { move(i, i - 1); });
      down.addEventListener("click", function () { move(i, i + 1); });
      del.addEventListener("click", function () { deck.cards.splice(i, 1); changed(); });
      li.append(up, down, del);
      li.addEventListener("dragstart", function () { dragFrom = i; li.classList.add("dragging"); });
      li.addEventListener("dragend", function () { li.classList.remove("dragging"); });
      li.addEventListener("dragover", function (e) { e.preventDefault(); });
      li.addEventListener("drop", function (e) { e.preventDefault(); if (dragFrom !== null) move(dragFrom, i); dragFrom = null; });
      list.appendChild(li);
    });
    var count = document.getElementById("cb-count");
    count.textContent = deck.cards.length + " / " + SIZE;
    count.className = "counter" + (deck.cards.length === SIZE ? " full" : deck.cards.length > SIZE ? " over" : "");
  }
  function renderCurve() {
    var costs = {}, total = 0;
    Object.keys(cat.card_types).forEach(function (n) { costs[cat.card_types[n].cost] = 0; });
    deck.cards.forEach(function (n) { var t = cat.card_types[n]; if (t) { costs[t.cost] += 1; total += t.cost; } });
    var max = Math.max(1, Math.max.apply(null, Object.values(costs)));
    var curve = document.getElementById("cb-curve");
    curve.innerHTML = "";
    Object.keys(costs).sort(function (a, b) { return a - b; }).forEach(function (c) {
      var bar = el("div", { "class": "bar", title: costs[c] + " card(s) of cost " + c });
      bar.style.height = (costs[c] / max * 100) + "%";
      bar.appendChild(el("b", {}, String(costs[c])));
      bar.appendChild(el("span", {}, c));
      curve.appendChild(bar);
    });
    document.getElementById("cb-average").textContent = deck.cards.length ? "Average cost " + (total / deck.cards.length).toFixed(2) + " mana" : "";
  }
  function renderPalette() {
    var pal = document.getElementById("cb-palette");
    if (pal.childElementCount) return;
    Object.keys(cat.card_types).forEach(function (n) {
      var t = cat.card_types[n];
      var b = el("button", { type: "button", "data-card": n }, n);
      b.appendChild(el("span", { "class": "stats" }, "cost " + t.cost + " · HP " + t.hp + " · ATK " + t.attack + " · SPD " + t.speed));
      b.addEventListener("click", function () { deck.cards.push(n); changed(); });
      pal.appendChild(b);
    });
  }
  function render() {
    choices(document.getElementById("cb-types"), cat.deck_types, "deck_type");
    choices(document.getElementById("cb-strategies"), cat.strategies, "strategy");
    renderPalette();
    renderDeck();
    renderCurve();
  }
  field.value = JSON.stringify(deck);
  render();
})();
