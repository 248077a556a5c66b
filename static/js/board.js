// The board's shared behaviour: what just changed lights up briefly, the side log opens as a
// drawer on a phone, and a prompt that needs an answer comes into view with focus.
// Nothing here decides anything about the game: the server renders every part.
(function () {
  "use strict";
  var HIGHLIGHT_MS = 900;
  var logOpen = false; // the drawer's state survives the board being swapped in again

  // A frame replaces only the parts whose HTML changed (games/live/frames.py), so a part
  // arriving by an out-of-band swap is exactly "what the last move changed". A whole-board
  // swap (a new stage, a reconnect) is not highlighted: everything would light up.
  function markChanged(part) {
    for (var i = 0; i < part.children.length; i++) {
      var el = part.children[i];
      el.classList.remove("is-changed");
      void el.offsetWidth; // restart the animation when the same part changes twice in a row
      el.classList.add("is-changed");
    }
    window.setTimeout(function () {
      for (var i = 0; i < part.children.length; i++) { part.children[i].classList.remove("is-changed"); }
    }, HIGHLIGHT_MS);
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
        prompt.scrollIntoView({ block: "nearest", behavior: calm ? "auto" : "smooth" });
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

  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest(".side-log-toggle");
    if (!btn) { return; }
    logOpen = btn.getAttribute("aria-expanded") !== "true";
    applyLog(document);
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var el = e.target;
    if (el && el.id && el.id.indexOf("part-") === 0) { markChanged(el); }
    applyLog(el);
    bringPrompts(el);
  });
  document.addEventListener("htmx:load", function (e) { applyLog(e.target); bringPrompts(e.target); });
  document.addEventListener("DOMContentLoaded", function () { applyLog(document); bringPrompts(document); });
})();
