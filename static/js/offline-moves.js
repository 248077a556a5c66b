/* While the match's socket is down ("Reconnecting…"), a move cannot reach the server: its
   buttons are disabled, so a tap does not look accepted and vanish. They come back when the
   socket does (the reconnect also brings the board again, which may offer other moves).
   Only the buttons this script disabled are enabled again. */
(function () {
  "use strict";
  var MOVES = "form.action-form button, form[ws-send] button";
  var MARK = "data-offline-disabled";

  document.addEventListener("htmx:wsClose", function () {
    document.querySelectorAll(MOVES).forEach(function (button) {
      if (button.disabled) { return; }
      button.disabled = true;
      button.setAttribute(MARK, "");
    });
  });
  document.addEventListener("htmx:wsOpen", function () {
    document.querySelectorAll("[" + MARK + "]").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute(MARK);
    });
  });
}());
