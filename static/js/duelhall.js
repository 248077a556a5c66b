// Duelhall page behaviour: step countdowns and the connection indicator.
// The server owns every deadline (data-deadline is an absolute epoch in ms); this only shows
// the time left. When it reaches zero the server's sweeper applies the rules' timeout and
// pushes the new board, so nothing here decides anything.
(function () {
  "use strict";
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - now) / 1000));
      var text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", left <= 3);
    });
  }
  // A match page's socket address names the board the page was served with (held=…), so
  // that the server does not send that board again (games/live/held.py). Only a page's
  // first socket may say so: a socket that reopens may find the page showing frames it got
  // meanwhile or missing ones sent while it was away, so it asks for the board afresh.
  if (window.htmx && htmx.createWebSocket) {
    var openSocket = htmx.createWebSocket, opened = {};
    htmx.createWebSocket = function (url) {
      if (opened[url]) {
        url = url.replace(/[?&]held=[^&]*/, "").replace(/\/&/, "/?");
      } else {
        opened[url] = true;
      }
      return openSocket(url);
    };
  }
  setInterval(tick, 250);
  document.addEventListener("DOMContentLoaded", tick);
  // A frame brings its clock as "…": show the time at once, not at the next tick.
  document.addEventListener("htmx:wsAfterMessage", tick);
  document.addEventListener("htmx:wsClose", function () { document.body.classList.add("ws-down"); });
  document.addEventListener("htmx:wsOpen", function () { document.body.classList.remove("ws-down"); });
  // The invitation link selects itself when clicked, ready to copy (a listener here: the
  // Content-Security-Policy runs no inline onclick).
  document.addEventListener("click", function (e) {
    if (e.target.matches && e.target.matches("input.invite-link")) e.target.select();
  });
  // A rejection message fades after a few seconds so the board stays readable.
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var el = e.detail && e.detail.target;
    if (el && el.id === "flash" && el.textContent.trim()) {
      clearTimeout(window.__flashTimer);
      window.__flashTimer = setTimeout(function () { el.textContent = ""; }, 6000);
    }
  });
})();
