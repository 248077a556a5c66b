// Two-step confirmation (games/templatetags/confirm.py): "Resign…" reveals "Really resign?
// Yes / No"; only "Yes" is inside the form that acts. Focus moves to "No" so that a second
// reflex press of Enter or Space does nothing harmful; Escape closes the question.
(function () {
  "use strict";
  function show(box, asking) {
    var opener = box.querySelector(".confirm-open");
    var ask = box.querySelector(".confirm-ask");
    opener.hidden = asking;
    opener.setAttribute("aria-expanded", String(asking));
    ask.hidden = !asking;
    (asking ? box.querySelector(".confirm-no") : opener).focus();
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".confirm-open, .confirm-no");
    if (!button) return;
    show(button.closest(".confirm"), button.classList.contains("confirm-open"));
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !e.target.closest) return;
    var box = e.target.closest(".confirm");
    if (box && !box.querySelector(".confirm-ask").hidden) show(box, false);
  });
})();
