// The board's shared behaviour: what just changed lights up briefly, the side log opens as a
// drawer on a phone, an action bar's details close to a summary line on a phone, a prompt
// that needs an answer comes into view with focus, with what it asks about, and the result
// (with Rematch) comes into view when the match ends while the page is open.
// Nothing here decides anything about the game: the server renders every part.
(function () {
  "use strict";
  var LIT_MS = 450; // what a move changed stays lit this long, then fades for FADE_MS
  var FADE_MS = 300;
  var logOpen = false; // the drawer's state survives the board being swapped in again

  // A frame replaces only the parts whose HTML changed (games/live/frames.py), so a part
  // arriving by an out-of-band swap is exactly "what the last move changed". A whole-board
  // swap (a new stage, a reconnect) is not highlighted: everything would light up.
  // The swapped-in parts' elements are new, so lighting them needs no restart; the parts of
  // one frame are lit together once its swaps are done, and fade together (board.css).
  var changedParts = [];
  function markChanged(part) {
    if (changedParts.push(part) === 1) { queueMicrotask(lightChanged); }
  }
  function lightChanged() {
    var lit = [];
    changedParts.forEach(function (part) {
      for (var i = 0; i < part.children.length; i++) { lit.push(part.children[i]); }
    });
    changedParts = [];
    lit.forEach(function (el) { el.classList.add("is-changed"); });
    window.setTimeout(function () {
      lit.forEach(function (el) { el.classList.add("was-changed"); el.classList.remove("is-changed"); });
      window.setTimeout(function () {
        lit.forEach(function (el) { el.classList.remove("was-changed"); });
      }, FADE_MS);
    }, LIT_MS);
  }

  // A prompt that needs an answer (data-prompt) takes focus and scrolls into view when it
  // appears; a page that merely re-renders the same prompt does not steal focus again.
  var shownPrompts = {};
  function bringPrompts(root) {
    var scope = root && root.querySelectorAll ? root : document;
    var found = [];
    if (scope.matches && scope.matches("[data-prompt]")) { found.push(scope); }
    scope.querySelectorAll("[data-prompt]").forEach(function (p) { found.push(p); });
    found.forEach(function (prompt) {
      var key = prompt.getAttribute("data-prompt");
      var fresh = !shownPrompts[key];
      // The same prompt swapped in again (the socket's first frame replaces the board the
      // page loaded with) takes the focus back if the swap dropped it, without scrolling.
      var lost = !document.activeElement || document.activeElement === document.body;
      if (!fresh && !lost) { return; }
      shownPrompts[key] = true;
      var target = prompt.querySelector("button:not([disabled]), [tabindex]") || prompt;
      if (!target.hasAttribute("tabindex") && target === prompt) { prompt.setAttribute("tabindex", "-1"); }
      if (fresh) {
        var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        // A prompt in the sticky action bar is always in view; what it asks about (its
        // data-prompt-about, a selector) may lie under the bar: that comes to the middle.
        var aboutSelector = prompt.getAttribute("data-prompt-about");
        var about = aboutSelector && document.querySelector(aboutSelector);
        (about || prompt).scrollIntoView({ block: about ? "center" : "nearest", behavior: calm ? "auto" : "smooth" });
      }
      target.focus({ preventScroll: true });
    });
  }

  function applyLog(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll(".side-log-toggle").forEach(function (btn) {
      var body = document.getElementById(btn.getAttribute("aria-controls"));
      btn.setAttribute("aria-expanded", logOpen ? "true" : "false");
      if (body) { body.hidden = !logOpen; }
    });
  }

  // An action bar's drawer ([data-bar-toggle], its bar's data-bar-key naming the decision):
  // closed by the player to read the board under it, it stays closed while the same decision
  // is re-rendered (each move composed re-sends the bar) and opens again for the next one,
  // which needs its moves in sight. A bar holding a prompt that needs an answer never hides it.
  var barClosed = {};
  function applyBars(root) {
    var scope = root && root.querySelectorAll ? root : document;
    var toggles = [];
    if (scope.matches && scope.matches("[data-bar-toggle]")) { toggles.push(scope); }
    scope.querySelectorAll("[data-bar-toggle]").forEach(function (t) { toggles.push(t); });
    toggles.forEach(function (btn) {
      var bar = btn.closest("[data-bar-key]");
      var body = document.getElementById(btn.getAttribute("aria-controls"));
      var closed = !!(bar && barClosed[bar.getAttribute("data-bar-key")]);
      if (body && body.querySelector("[data-prompt]")) { closed = false; }
      btn.setAttribute("aria-expanded", closed ? "false" : "true");
      if (body) { body.hidden = closed; }
    });
  }

  // The game-over panel stands below the board, out of sight on most screens. When the
  // match ends while this page watches it (not on a page opened on a finished match, whose
  // reader came to look at the board), the panel is brought into view once it shows:
  // Card Battle holds it back (display: none) until its battle has been played back, so
  // the wait lasts until the panel has a box.
  var sawPlay = false;
  var resultPending = false;
  function resultPanel() { return document.querySelector("#gameover .gameover-panel"); }
  function showResult() {
    var panel = resultPanel();
    if (!resultPending || !panel || panel.getClientRects().length === 0) { return; }
    // A board that plays its end back (Card Battle) holds the result until the playback
    // reaches it, from the moment it is rendered, before its script has run.
    if (document.querySelector("[data-result-held]")) { return; }
    resultPending = false;
    var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    panel.scrollIntoView({ block: "nearest", behavior: calm ? "auto" : "smooth" });
  }
  function watchResult(swapped) {
    if (!swapped || swapped.id !== "gameover") { return; }
    if (!resultPanel()) { sawPlay = true; return; }
    // After the frame has settled: a board swapped in by the same frame (Card Battle's
    // playback) sets up its hold only then.
    if (sawPlay) { sawPlay = false; resultPending = true; window.setTimeout(showResult, 150); }
  }
  // Card Battle holds and releases the panel by a class on <body> (static/js/card-battle.js).
  new MutationObserver(showResult).observe(document.body, {
    attributes: true, attributeFilter: ["class"],
  });

  document.addEventListener("click", function (e) {
    var bar = e.target.closest && e.target.closest("[data-bar-toggle]");
    if (bar) {
      var holder = bar.closest("[data-bar-key]");
      if (holder) { barClosed[holder.getAttribute("data-bar-key")] = bar.getAttribute("aria-expanded") === "true"; }
      applyBars(document);
      return;
    }
    var btn = e.target.closest && e.target.closest(".side-log-toggle");
    if (!btn) { return; }
    logOpen = btn.getAttribute("aria-expanded") !== "true";
    applyLog(document);
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var el = e.target;
    if (el && el.id && el.id.indexOf("part-") === 0) { markChanged(el); }
    applyLog(el);
    applyBars(el);
    bringPrompts(el);
    watchResult((e.detail && e.detail.target) || el);
  });
  document.addEventListener("htmx:load", function (e) { applyLog(e.target); applyBars(e.target); bringPrompts(e.target); });
  document.addEventListener("DOMContentLoaded", function () {
    applyLog(document); applyBars(document); bringPrompts(document);
    sawPlay = !!document.getElementById("gameover") && !resultPanel();
  });
})();
