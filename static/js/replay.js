/* The replay player shared by every game. The page works without it (every control is a
   ?at=N link); with it, positions are fetched as server-rendered fragments through htmx and
   swapped into #replay-frame, so a step never reloads the page. Play/pause, speed, a
   seek bar, the turn menu and the arrow keys all come down to go(N). The result in the
   header opens by itself only when the end is reached. */
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  if (!root || !window.htmx) { return; }
  var last = parseInt(root.getAttribute("data-last"), 10);
  var at = parseInt(root.getAttribute("data-at"), 10);
  var url = root.getAttribute("data-url");
  var frame = document.getElementById("replay-frame");
  var playBtn = document.getElementById("rp-play");
  var speedSel = document.getElementById("rp-speed");
  var seek = document.getElementById("rp-seek");
  var turnSel = document.getElementById("rp-turn");
  var resultBox = document.getElementById("rp-result-box");
  var BASE_MS = 900;
  var timer = null;
  var wanted = at;   // the position last asked for; a late answer for another is dropped
  var loading = false;

  function link(id, n) {
    var a = document.getElementById(id);
    if (a) { a.setAttribute("href", "?at=" + n); }
  }

  function showControls() {
    document.getElementById("rp-pos").querySelector("#rp-at").textContent = String(at);
    var current = frame.querySelector("[data-frame-at]");
    if (current) {
      document.getElementById("rp-label").textContent = current.getAttribute("data-label");
    }
    document.getElementById("rp-fill").style.width = (last ? at * 100 / last : 100) + "%";
    seek.value = String(at);
    link("rp-back", Math.max(0, at - 1));
    link("rp-next", Math.min(last, at + 1));
    var turn = current ? current.getAttribute("data-turn") : null;
    if (turnSel) {
      Array.prototype.forEach.call(turnSel.options, function (o) {
        if (o.getAttribute("data-turn") === turn) { turnSel.value = o.value; }
      });
    }
    if (resultBox && at >= last) { resultBox.open = true; }
    playBtn.setAttribute("aria-pressed", timer !== null ? "true" : "false");
    playBtn.querySelector("span").textContent = timer !== null ? "Pause" : "Play";
    root.setAttribute("data-at", String(at));
  }

  function go(n, keepPlaying) {
    n = Math.max(0, Math.min(last, n));
    if (!keepPlaying) { stop(); }
    wanted = n;
    loading = true;
    root.setAttribute("aria-busy", "true");
    return window.htmx.ajax("GET", url + "?at=" + n, { target: frame, swap: "innerHTML" })
      .then(function () {
        if (wanted !== n) { return; }
        at = n;
        loading = false;
        root.removeAttribute("aria-busy");
        window.history.replaceState(null, "", url + "?at=" + n);
        showControls();
        if (timer !== null) { schedule(); }
      });
  }

  function delay() { return BASE_MS / (parseFloat(speedSel.value) || 1); }
  function schedule() {
    window.clearTimeout(timer);
    if (at >= last) { stop(); return; }
    timer = window.setTimeout(function () { go(at + 1, true); }, delay());
  }
  function stop() {
    if (timer !== null) { window.clearTimeout(timer); timer = null; }
    showControls();
  }
  function toggle() {
    if (timer !== null) { stop(); return; }
    timer = 0;  // playing; the next step is scheduled below
    if (at >= last) { go(0, true); } else { schedule(); }
    showControls();
  }

  var moves = {
    start: function () { return 0; },
    back: function () { return at - 1; },
    next: function () { return at + 1; },
    end: function () { return last; }
  };
  root.addEventListener("click", function (event) {
    var control = event.target.closest("[data-go], [data-at]");
    if (!control || !root.contains(control)) { return; }
    event.preventDefault();
    var what = control.getAttribute("data-go");
    if (what === "play") { toggle(); return; }
    go(what ? moves[what]() : parseInt(control.getAttribute("data-at"), 10));
  });
  seek.addEventListener("change", function () { go(parseInt(seek.value, 10)); });
  if (turnSel) {
    turnSel.addEventListener("change", function () { go(parseInt(turnSel.value, 10)); });
    // The menu moves the replay as soon as a turn is chosen; the Go button is for pages
    // without this script.
    document.getElementById("rp-turn-go").hidden = true;
    turnSel.closest("form").addEventListener("submit", function (event) {
      event.preventDefault();
      go(parseInt(turnSel.value, 10));
    });
  }
  speedSel.addEventListener("change", function () { if (timer !== null) { schedule(); } });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") { return; }
    var to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[event.key];
    if (to === undefined) { return; }
    event.preventDefault();
    go(to);
  });

  playBtn.hidden = false;
  seek.hidden = false;
  speedSel.closest("label").hidden = false;
  window.DuelhallReplay = {
    go: go,
    at: function () { return loading ? -1 : at; }
  };
  showControls();
}());
