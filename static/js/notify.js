// Telling a player what happens while they look elsewhere (issue 17): the tab title, an
// optional short sound, and words for screen readers. Everything is read from the status bar
// (#match-status, in every frame the server sends), so nothing here decides anything.
(function () {
  "use strict";
  var KEY = "duelhall.sound";
  var baseTitle = document.title;
  var seen = null;        // {version, status, myTurn, turn} of the status bar last handled
  var sentAt = 0;         // when this page last sent a move: the next version is ours
  var joinedUnseen = false;
  var lastTold = "", toldAt = 0;  // the newest log words announced, and when
  var audio = null;

  function soundOn() { return localStorage.getItem(KEY) === "on"; }

  function showToggle() {
    var button = document.getElementById("sound-toggle");
    if (!button) return;
    var on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Sound: on" : "Sound: off";
  }

  // A short two-note chime, generated: no sound file is fetched.
  function chime() {
    if (!soundOn()) return;
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    var now = audio.currentTime;
    [660, 880].forEach(function (freq, i) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.08, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.11);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.12);
    });
    var button = document.getElementById("sound-toggle");
    if (button) button.dataset.chimes = String(Number(button.dataset.chimes || 0) + 1);
  }

  function announce(text) {
    var region = document.getElementById("announcer");
    if (region && text) region.textContent = text;
  }

  function read() {
    var bar = document.getElementById("match-status");
    if (!bar) return null;
    var turn = bar.querySelector(".turn");
    if (turn) {
      turn = turn.cloneNode(true);  // the words, without the running countdown
      turn.querySelectorAll(".countdown").forEach(function (el) { el.remove(); });
    }
    var latest = document.getElementById("latest-event");
    return {
      latestKey: latest ? latest.dataset.key : "",
      latest: latest ? latest.textContent.trim() : "",
      version: bar.dataset.version,
      status: bar.dataset.status,
      myTurn: bar.dataset.myTurn === "1",
      turn: turn ? turn.textContent.replace(/\s+/g, " ").trim() : "",
      others: Array.prototype.map.call(
        bar.querySelectorAll(".seat-tag:not(.me) .seat-name"),
        function (el) { return el.textContent.trim(); }
      ).join(" and ") || "Your opponent",
    };
  }

  // The join is the bigger news for a host who looked away: it stays in the title until the
  // page is seen again, then "Your move" (if it is) takes over.
  function retitle(now) {
    if (joinedUnseen) document.title = "● Opponent joined — Duelhall";
    else if (now && now.status === "active" && now.myTurn) document.title = "● Your move — Duelhall";
    else document.title = baseTitle;
  }

  function onStatus() {
    var now = read();
    if (!now) return;
    var before = seen;
    seen = now;
    if (before && before.version !== now.version) {
      // What the log gained, as the board shows it (games/live/latest_event.py): said
      // whoever caused it, since a move of ours can reveal the opponent's hidden pick.
      var told = now.latest && now.latestKey !== before.latestKey
        ? now.latest.replace(/[.!]+$/, "") + ". " : "";
      // A bot's turn arrives as several frames; a later one with nothing new must not
      // overwrite the words of the one just before it.
      if (told) { lastTold = told; toldAt = Date.now(); }
      else if (Date.now() - toldAt < 3000) told = lastTold;
      if (before.status === "waiting" && now.status === "active") {
        joinedUnseen = document.hidden;
        announce(now.others + " joined. " + now.turn);
        chime();
      } else if (now.status === "finished" || now.status === "aborted") {
        var over = document.querySelector("#gameover .gameover-panel");
        if (over) announce(told + over.querySelector("h2").textContent.trim() + ". " +
          (over.querySelector(".reason") || {textContent: ""}).textContent.trim());
      } else if (Date.now() - sentAt > 1500) {
        // A version this page did not cause: the opponent (or a timer) moved.
        announce(now.others + " moved. " + told + now.turn);
        if (now.myTurn && !before.myTurn) chime();
      } else if (told || now.myTurn !== before.myTurn) {
        announce(told + now.turn);
      }
    }
    retitle(now);
  }

  document.addEventListener("htmx:wsBeforeSend", function () { sentAt = Date.now(); });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var el = e.detail && e.detail.target;
    if (el && el.id === "match-status") onStatus();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { joinedUnseen = false; retitle(read()); }
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("#sound-toggle")) return;
    localStorage.setItem(KEY, soundOn() ? "off" : "on");
    showToggle();
    if (soundOn()) chime();  // a sample, and the click lets the browser start audio
  });
  document.addEventListener("DOMContentLoaded", function () { showToggle(); onStatus(); });
})();
