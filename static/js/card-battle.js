/* Card Battle playback: steps through the public battle log embedded in the board fragment
   (<script id="cb-playback" type="application/json">) and redraws the stage.
   Safe to load more than once and to meet a re-swapped fragment: boards are initialised on
   load, on htmx:load and by the fragment's own inline call; each board only once. Playback
   positions survive a re-swap of the same match (kept per board id). */
(function () {
  "use strict";
  if (window.CardBattle) { return; }

  var BASE_MS = 650;
  // A whole battle at 1x is several minutes (hundreds of events): a board starts at the
  // offered speed that plays its battle back in about this long, unless the player chose a
  // speed before (remembered in this browser).
  var FIT_MS = 60000;
  var SPEED_KEY = "duelhall.cb-speed";
  var positions = {};
  // Whether a board's playback was running, per board id: the match's socket re-swaps the
  // board (on connect, on presence changes), and the new copy must carry on playing where
  // the old one was instead of stalling.
  var playing = {};
  // Each stat's inline-SVG icon, cloned from the board's <template id="cb-icons">.
  var STAT = { hp: "heart", attack: "sword", speed: "bolt", cost: "gem" };
  var STAT_TITLE = { hp: "HP", attack: "attack", speed: "speed", cost: "mana cost" };

  function icon(name) {
    var source = document.getElementById("cb-icons");
    var found = source && source.content.querySelector(".icon-" + name);
    return found ? found.cloneNode(true) : document.createTextNode("");
  }

  function make(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function find(state, uid) {
    for (var s = 0; s < 2; s++) {
      for (var i = 0; i < state.fields[s].length; i++) {
        if (state.fields[s][i].uid === uid) { return state.fields[s][i]; }
      }
    }
    return null;
  }

  /* The position after events[0..i] (i = -1: before turn 1). */
  function stateAt(data, i) {
    var st = { turn: 0, max: 0, mana: [0, 0], hp: [data.start_hp, data.start_hp],
      fields: [[], []], drawn: [0, 0], over: false };
    for (var k = 0; k <= i; k++) {
      var e = data.events[k];
      if (e.kind === "turn") {
        st.turn = e.turn; st.max = e.mana; st.mana = [e.mana, e.mana];
      } else if (e.kind === "draw") {
        st.fields[e.seat].push(Object.assign({}, e.card));
        st.drawn[e.seat] = e.deck_index + 1;
        st.mana[e.seat] = e.mana_left;
      } else if (e.kind === "attack") {
        var attacker = find(st, e.attacker);
        if (attacker) { attacker.attacked = true; }
        if (e.target === null) { st.hp[e.target_seat] = e.hp_after; }
        else { var target = find(st, e.target); if (target) { target.hp = e.hp_after; } }
      } else if (e.kind === "death") {
        st.fields[e.seat] = st.fields[e.seat].filter(function (c) { return c.uid !== e.uid; });
      } else if (e.kind === "activate") {
        e.uids.forEach(function (u) { var c = find(st, u); if (c) { c.active = true; } });
      } else if (e.kind === "end") {
        st.over = true;
      }
    }
    return st;
  }

  function cardNode(c) {
    var node = make("div", "cb-card cb-c-" + c.name.toLowerCase() + (c.active ? "" : " is-inactive"));
    node.setAttribute("data-uid", c.uid);
    var dot = make("span", "cb-dot");
    dot.title = c.active ? "active" : "inactive";
    node.appendChild(dot);
    node.appendChild(make("b", "", c.name));
    node.appendChild(document.createTextNode(" "));
    node.appendChild(make("small", "", "#" + (c.deck_index + 1)));
    var stats = make("span", "cb-stats");
    ["hp", "attack", "speed", "cost"].forEach(function (key) {
      var text = key === "hp" ? Math.max(0, c.hp) + "/" + c.max_hp : String(c[key]);
      var stat = make("span", c.boosted === key ? "cb-gold" : "");
      stat.title = STAT_TITLE[key];
      stat.appendChild(icon(STAT[key]));
      stat.appendChild(document.createTextNode(text));
      stats.appendChild(stat);
    });
    node.appendChild(stats);
    return node;
  }

  function floatOn(host, text) {
    if (!host) { return; }
    var f = make("span", "cb-float", text);
    host.appendChild(f);
    window.setTimeout(function () { if (f.parentNode) { f.parentNode.removeChild(f); } }, 1200);
  }

  /* The chosen speed if this browser remembers one the select offers, else the offered
     speed whose playback of ``count`` events lasts closest to FIT_MS. */
  function startSpeed(select, count) {
    if (!select) { return 1; }
    var offered = Array.prototype.map.call(select.options, function (o) { return o.value; });
    var kept = null;
    try { kept = window.localStorage.getItem(SPEED_KEY); } catch (e) { kept = null; }
    if (kept === null || offered.indexOf(kept) < 0) {
      var best = offered[0];
      offered.forEach(function (value) {
        var off = Math.abs(Math.log(count * BASE_MS / parseFloat(value) / FIT_MS));
        if (off < Math.abs(Math.log(count * BASE_MS / parseFloat(best) / FIT_MS))) { best = value; }
      });
      kept = best;
    }
    select.value = kept;
    return parseFloat(kept) || 1;
  }

  function init(board) {
    if (board.getAttribute("data-cb-ready")) { return; }
    var source = board.querySelector("#cb-playback");
    var stage = board.querySelector("[data-cb-stage]");
    if (!source || !stage) { return; }
    board.setAttribute("data-cb-ready", "1");
    var data = JSON.parse(source.textContent);
    var events = data.events;
    var last = events.length - 1;
    var controls = board.querySelector("[data-cb-controls]");
    var log = board.querySelector("[data-cb-log]");
    var result = board.querySelector("[data-cb-result]");
    var playBtn = board.querySelector('[data-cb="play"]');
    var progress = board.querySelector("[data-cb-progress]");
    var key = board.id;
    var fresh = !(key in positions);
    var pos = fresh ? -1 : positions[key];
    var select = board.querySelector('select[data-cb="speed"]');
    var speed = startSpeed(select, events.length);
    var timer = null;
    var rows = board.querySelectorAll(".cb-table tbody tr");
    var chart = board.querySelector("[data-cb-turn-x]");
    var turnX = chart ? chart.getAttribute("data-cb-turn-x").split(" ").map(Number) : [];
    var clip = board.querySelector("[data-cb-clip]");
    var ends = board.querySelectorAll("[data-cb-end]");
    var legends = board.querySelectorAll("[data-cb-legend]");
    // In a replay the shared player (replay.js) owns the controls: each of its positions
    // names the battle event to show, and this board only draws it.
    var driven = board.closest("[data-replay-cb-at]");
    if (driven) {
      pos = Math.max(-1, Math.min(last, parseInt(driven.getAttribute("data-replay-cb-at"), 10)));
      render(false);
      return;
    }
    if (controls) { controls.hidden = false; }

    function render(animate) {
      positions[key] = pos;
      var st = stateAt(data, pos);
      var ev = pos >= 0 ? events[pos] : null;
      board.querySelector("[data-cb-turn]").textContent = String(st.turn);
      board.querySelector("[data-cb-now]").textContent = ev ? "— " + ev.text : "— ready to start";
      for (var s = 0; s < 2; s++) {
        var side = stage.querySelector('.cb-side[data-seat="' + s + '"]');
        side.querySelector(".cb-hp b").textContent = String(Math.max(0, st.hp[s]));
        side.querySelector(".cb-hpbar span").style.width = Math.max(0, Math.min(100, st.hp[s] / data.start_hp * 100)) + "%";
        var mana = side.querySelector(".cb-mana");
        mana.textContent = "Mana ";
        mana.appendChild(make("b", "", String(st.mana[s])));
        mana.appendChild(document.createTextNode("/" + st.max));
        side.querySelector(".cb-left").textContent = "Deck " + (data.players[s].cards.length - st.drawn[s]) + " left";
        var field = side.querySelector(".cb-field");
        field.textContent = "";
        st.fields[s].forEach(function (c) { field.appendChild(cardNode(c)); });
        for (var e = st.fields[s].length; e < 5; e++) { field.appendChild(make("div", "cb-slot-empty")); }
        var items = side.querySelectorAll(".cb-deck li");
        for (var d = 0; d < items.length; d++) {
          items[d].classList.toggle("is-drawn", d < st.drawn[s]);
          items[d].classList.toggle("is-next", d === st.drawn[s]);
        }
      }
      if (ev && ev.kind === "attack") {
        var attackerNode = stage.querySelector('.cb-card[data-uid="' + ev.attacker + '"]');
        if (attackerNode) { attackerNode.classList.add("is-attacking"); }
        var host = ev.target === null
          ? stage.querySelector('.cb-side[data-seat="' + ev.target_seat + '"] .cb-meters')
          : stage.querySelector('.cb-card[data-uid="' + ev.target + '"]');
        if (host && ev.target !== null) { host.classList.add("is-hit"); }
        if (animate) { floatOn(host, "-" + ev.damage); }
      }
      if (log) {
        var lines = log.querySelectorAll("li");
        for (var n = 0; n < lines.length; n++) {
          lines[n].classList.toggle("is-future", n > pos);
          lines[n].classList.toggle("is-current", n === pos);
        }
        var current = lines[pos];
        if (current) { log.scrollTop = Math.max(0, current.offsetTop - log.offsetTop - log.clientHeight / 2); }
      }
      // Nothing that shows the end runs ahead of the playback: the per-turn table shows the
      // turns already over, the chart its lines up to there, the legend the HP now.
      var done = pos >= last;
      var finished = done ? Infinity : st.turn - 1;
      for (var r = 0; r < rows.length; r++) {
        rows[r].hidden = Number(rows[r].getAttribute("data-turn")) > finished;
      }
      if (clip && turnX.length) {
        var upto = Math.max(0, Math.min(turnX.length - 1, finished));
        clip.setAttribute("width", String(done ? turnX[turnX.length - 1] + 10 : turnX[upto] + 1));
      }
      for (var k = 0; k < ends.length; k++) { ends[k].style.display = done ? "" : "none"; }
      for (var g = 0; g < legends.length; g++) {
        var seat = Number(legends[g].getAttribute("data-cb-legend"));
        legends[g].textContent = String(Math.max(0, st.hp[seat]));
      }
      if (result) { result.hidden = pos < last; }
      // The platform's game-over panel would spoil the playback: hold it until the end.
      // A class on <body> survives the panel being swapped in again by later updates.
      // The board arrives holding the result (data-result-held): board.js must not bring
      // the panel into view before this script has set the hold on <body>, whichever of the
      // two a frame swaps in first.
      board.toggleAttribute("data-result-held", pos < last);
      document.body.classList.toggle("cb-result-held", pos < last);
      if (progress) { progress.textContent = (pos + 1) + " / " + events.length; }
      if (playBtn) { playBtn.classList.toggle("is-playing", !!timer); }
    }

    function stop() {
      if (timer) { window.clearTimeout(timer); timer = null; }
      playing[key] = false;
    }
    function tick() {
      if (!document.body.contains(board)) {
        // Swapped out: leave playing[key] set, so the board that replaced it carries on.
        window.clearTimeout(timer);
        timer = null;
        return;
      }
      if (pos >= last) { stop(); render(false); return; }
      pos += 1;
      timer = window.setTimeout(tick, BASE_MS / speed);
      render(true);
    }
    function play() {
      if (timer) { stop(); render(false); return; }
      if (pos >= last) { pos = -1; }
      playing[key] = true;
      timer = window.setTimeout(tick, 10);
      render(false);
    }
    function go(to) { stop(); pos = Math.max(-1, Math.min(last, to)); render(true); }
    function nextTurn() {
      for (var i = pos + 1; i <= last; i++) { if (events[i].kind === "turn") { return go(i); } }
      go(last);
    }

    board.addEventListener("click", function (event) {
      var btn = event.target.closest("[data-cb]");
      if (!btn || btn.tagName === "SELECT") { return; }
      var what = btn.getAttribute("data-cb");
      if (what === "play") { play(); }
      else if (what === "step") { go(pos + 1); }
      else if (what === "back") { go(pos - 1); }
      else if (what === "turn") { nextTurn(); }
      else if (what === "end") { go(last); }
      else if (what === "restart") { go(-1); }
    });
    if (select) {
      select.addEventListener("change", function () {
        speed = parseFloat(select.value) || 1;
        try { window.localStorage.setItem(SPEED_KEY, select.value); } catch (e) { /* private mode */ }
      });
    }
    render(false);
    if (fresh || (playing[key] && pos < last)) { play(); }
  }

  function initAll(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-cb-board]")) { init(scope); }
    scope.querySelectorAll("[data-cb-board]").forEach(init);
  }

  window.CardBattle = { initAll: initAll, stateAt: stateAt };
  document.addEventListener("htmx:load", function (event) { initAll(event.target); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { initAll(document); });
  } else {
    initAll(document);
  }
}());
