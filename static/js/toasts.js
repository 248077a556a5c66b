// Toasts (templates/base.html, #toasts): a friend's challenge arrives over the page's personal
// socket; "Dismiss" removes it. The server writes them; nothing here renders text.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var close = e.target.closest && e.target.closest(".toast-close");
    if (close) close.closest(".toast").remove();
  });
})();
