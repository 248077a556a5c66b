/* The sticky bars never hide the player's own side (issue 34, item 3). The action bar sticks
   to the bottom of the screen over the board's lowest lines and the status bar to its top;
   the page keeps their measured heights as scroll padding (board.css), so whatever the
   browser scrolls into view (a focused control, a prompt's subject, a Unit the player
   tabs to) lands between the two bars instead of under one. The bars change height with
   every move (a hand, a target prompt, a drawer opened or closed), so a ResizeObserver
   keeps the figures in step. A bar that does not stick to the bottom (ShapeShips' column
   on a desk) reserves nothing. */
(function () {
  "use strict";
  var root = document.documentElement;
  var BARS = "#board .action-bar, #board .cb-controls";
  var observer = window.ResizeObserver ? new ResizeObserver(measure) : null;

  function sticks(el, edge) {
    var style = window.getComputedStyle(el);
    return style.position === "sticky" && style[edge] !== "auto" && el.getClientRects().length > 0;
  }

  function measure() {
    var bottom = 0;
    document.querySelectorAll(BARS).forEach(function (bar) {
      if (sticks(bar, "bottom")) { bottom = Math.max(bottom, bar.getBoundingClientRect().height); }
    });
    var status = document.querySelector(".status-bar");
    var top = status && sticks(status, "top") ? status.getBoundingClientRect().height : 0;
    // Through the CSSOM: the Content-Security-Policy forbids style attributes, not this.
    root.style.setProperty("--bar-room-bottom", Math.ceil(bottom) + "px");
    root.style.setProperty("--bar-room-top", Math.ceil(top) + "px");
  }

  // A frame may swap a bar for a new element: observe the ones on the page now.
  function watch() {
    if (observer) {
      observer.disconnect();
      document.querySelectorAll(BARS + ", .status-bar").forEach(function (el) { observer.observe(el); });
    }
    measure();
  }

  // A frame swaps several parts, each an htmx:load, and ends with htmx:wsAfterMessage: the
  // bars are looked at once, after the frame's last swap. Measuring at each event made the
  // browser lay the page out again between one part's swap and the next.
  var watching = false;
  function watchSoon() {
    if (watching) { return; }
    watching = true;
    queueMicrotask(function () { watching = false; watch(); });
  }
  document.addEventListener("DOMContentLoaded", watch);
  document.addEventListener("htmx:load", watchSoon);
  document.addEventListener("htmx:wsAfterMessage", watchSoon);
  window.addEventListener("resize", measure);
}());
