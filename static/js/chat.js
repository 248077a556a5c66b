// The chat panel (templates/match/_chat.html): empties the line box once htmx's websocket
// extension has sent it, keeps the newest line in view, and starts the panel closed on a
// phone so the board comes first. Lines are drawn by the server; nothing here renders text.
(function () {
  "use strict";
  var PHONE = 700;  // px: below this the panel starts folded

  function fold() {
    var panel = document.getElementById("chat");
    if (panel && window.innerWidth < PHONE) panel.open = false;
  }

  function toBottom(list) {
    if (list) list.scrollTop = list.scrollHeight;
  }

  document.addEventListener("htmx:wsAfterSend", function (e) {
    var form = e.target && e.target.closest && e.target.closest("#chat-form");
    if (form) form.reset();
  });

  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var target = e.detail && e.detail.target;
    if (target && target.classList && target.classList.contains("chat-lines")) toBottom(target);
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fold);
  else fold();
})();
