// "Play now": when the lobby socket says a match is ready, go to it; while waiting, count
// the seconds. The server sends the match's address in #play-now-status[data-go]; the same
// fragment carries a plain link for anyone whose script does not run.
(function () {
  // A first visit has no session yet: become a guest (one POST, which sets the session
  // cookie), then open the lobby's socket, which needs to know who holds a queue place.
  const grid = document.querySelector("[data-socket-after-guest]");
  if (grid) {
    const headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    let becoming = fetch(grid.dataset.guestUrl, { method: "POST", headers: headers, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) return;
        grid.setAttribute("hx-ext", "ws");
        grid.setAttribute("ws-connect", grid.dataset.socketAfterGuest);
        htmx.process(grid);
      })
      .catch(function () {})
      .then(function () { becoming = null; });
    // The page's own forms ("Create match", "Accept") wait for that POST too. Sent beside it,
    // without a cookie yet, each made a guest of its own; the cookie that came back last
    // won, and a visitor quick to create a match found themselves outside it.
    document.addEventListener("submit", function (evt) {
      const form = evt.target;
      if (!becoming || (form.getAttribute("method") || "").toLowerCase() !== "post") return;
      evt.preventDefault();
      const submitter = evt.submitter || null;
      becoming.then(function () { form.requestSubmit(submitter); });
    }, true);
  }
  // "Play now" is sent over the lobby's socket, so its button waits (disabled in the page)
  // for that socket: a first visit's opens only after the POST above, and on a slow
  // connection a press before then would reload the page instead of queueing. Once open it
  // stays enabled: a press while the socket reconnects is held and sent when it is back.
  const playNow = document.querySelector("#play-now-form button[type=submit]");
  const waitWords = document.getElementById("play-now-wait");
  document.body.addEventListener("htmx:wsOpen", function (evt) {
    if (!playNow || !evt.target.contains(playNow)) return;
    playNow.disabled = false;
    if (waitWords) waitWords.hidden = true;
  });
  let since = null;
  let leaving = false;
  function check() {
    const status = document.getElementById("play-now-status");
    if (!status || leaving) return;
    if (status.dataset.go) {
      // Once: every later change to the page (the fragment sent again, the socket closing
      // as the page unloads) calls this again, and a second assign aborts the navigation
      // already under way.
      leaving = true;
      window.location.assign(status.dataset.go);
      return;
    }
    const counter = status.querySelector("[data-queue-since]");
    if (counter && since === null) since = Date.now();
    if (!counter) since = null;
  }
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  setInterval(function () {
    const counter = document.querySelector("#play-now-status [data-queue-since]");
    if (counter && since !== null) counter.textContent = String(Math.floor((Date.now() - since) / 1000));
  }, 1000);
})();
