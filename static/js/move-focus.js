/* Keyboard focus after a move (issue 34, item 4). A move's frame replaces the part holding
   the button that was pressed, and the browser drops focus to <body>: the next move then
   took a dozen Tabs. When that happens to focus that was on the board, it goes to the
   first move of the new step, or to the status line when there is none (notify.js says in
   words what changed). Focus the player put elsewhere is never taken. */
(function () {
  "use strict";
  var MOVES = "#board form.action-form button:not([disabled])";
  var WATCHED = "#board, #match-status, #gameover";
  var onBoard = false;  // whether the player's focus was last on the board or its status

  document.addEventListener("focusin", function (e) {
    onBoard = !!(e.target.closest && e.target.closest(WATCHED));
  });

  function lost() {
    var active = document.activeElement;
    return !active || active === document.body || !document.body.contains(active);
  }

  function firstMove() {
    var buttons = document.querySelectorAll(MOVES);
    for (var i = 0; i < buttons.length; i++) {
      // Resigning is always offered: it is never "the next move".
      if ((buttons[i].getAttribute("data-action") || "").indexOf('"resign"') < 0) {
        return buttons[i];
      }
    }
    return null;
  }

  function restore() {
    if (!onBoard || !lost()) { return; }
    var target = firstMove() || document.getElementById("match-status");
    if (!target) { return; }
    if (target.id === "match-status") { target.setAttribute("tabindex", "-1"); }
    target.focus({ preventScroll: true });
    onBoard = true;
    announceStep();
  }

  // The focus moved under the player's hands: say where it is, in the status line's words
  // (the opponent's moves are notify.js's to announce; a hidden one may bring no frame).
  function announceStep() {
    var region = document.getElementById("announcer");
    var turn = document.querySelector("#match-status .turn");
    if (!region || !turn) { return; }
    turn = turn.cloneNode(true);
    turn.querySelectorAll(".countdown").forEach(function (el) { el.remove(); });
    var words = turn.textContent.replace(/\s+/g, " ").trim();
    // What notify.js said of this very frame (the opponent's move) is the news: keep it.
    if (words && region.textContent === spokenBefore) { region.textContent = words; }
  }

  var spokenBefore = "";
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var region = document.getElementById("announcer");
    spokenBefore = region ? region.textContent : "";
  });

  // After the frame's swaps have settled (board.js may already have given a new prompt the
  // focus; then there is nothing to restore).
  document.addEventListener("htmx:wsAfterMessage", function () { window.setTimeout(restore, 60); });
}());
