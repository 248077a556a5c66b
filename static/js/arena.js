// Arenas: count down to the start or the end, and go to the match the arena paired this
// player into. The server sends the match's address in #arena-go[data-go] (with a plain link
// for anyone whose script does not run); on a match page it waits data-delay ms first, so
// the result of the match just played can be read.
(function () {
  let leaving = false;
  function go() {
    const target = document.getElementById("arena-go");
    if (!target || leaving || !target.dataset.go) return;
    if (target.dataset.go === window.location.pathname) return;
    // Once: later frames call this again, and a second assign would abort the first.
    leaving = true;
    const delay = parseInt(target.dataset.delay || "0", 10);
    window.setTimeout(function () {
      window.location.assign(target.dataset.go);
    }, delay);
  }
  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }
  function tick() {
    document.querySelectorAll(".arena-clock[data-until-ms]").forEach(function (clock) {
      const left = Math.max(0, Math.floor((parseInt(clock.dataset.untilMs, 10) - Date.now()) / 1000));
      const hours = Math.floor(left / 3600);
      const minutes = Math.floor((left % 3600) / 60);
      const text = (hours ? hours + ":" + two(minutes) : String(minutes)) + ":" + two(left % 60);
      if (clock.textContent !== text) clock.textContent = text;
    });
  }
  new MutationObserver(function () {
    go();
    tick();
  }).observe(document.body, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () {
    go();
    tick();
  });
  setInterval(tick, 1000);
})();
