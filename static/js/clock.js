// People's clocks (templates/games/_seat_clock.html, _misdeal.html): count down from the
// seconds the server gave (a device's own clock may be wrong). Only a display: the deadline
// is the server's worker's to enforce. Loaded with each table fragment, so it installs once.
(function () {
  "use strict";
  if (window.kingClockTicking) return;
  window.kingClockTicking = true;
  function text(s, plain) {
    return plain ? String(s) : Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  setInterval(function () {
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      if (!el.dataset.end) el.dataset.end = Date.now() + 1000 * Number(el.dataset.countdown);
      var s = Math.max(0, Math.ceil((Number(el.dataset.end) - Date.now()) / 1000));
      el.textContent = text(s, el.closest("#timed-question") !== null);
    });
  }, 250);
})();
