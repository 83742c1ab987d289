// The table page (templates/games/table.html).
(function () {
  "use strict";
  // The clock counts on from the seconds the server measured (a device's clock may be wrong).
  setInterval(function () {
    document.querySelectorAll("#clock time[data-elapsed]").forEach(function (el) {
      if (!el.dataset.start) el.dataset.start = Date.now() - 1000 * Number(el.dataset.elapsed);
      var s = Math.floor((Date.now() - Number(el.dataset.start)) / 1000);
      el.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    });
  }, 1000);

  // Arrow keys move between the playable cards; Tab and Enter work as for any button.
  var keys = {ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1};
  document.addEventListener("keydown", function (e) {
    var card = e.target.closest && e.target.closest("#hand button");
    if (!card || !(e.key in keys)) return;
    var cards = Array.from(document.querySelectorAll("#hand button:not([disabled])"));
    var i = cards.indexOf(card);
    if (i < 0) return;
    cards[(i + keys[e.key] + cards.length) % cards.length].focus();
    e.preventDefault();
  });

  // A refused action keeps its status (403, 409, 422) but comes back as the table with the
  // reason, marked by a header: swap it in. Any other error page is left out of the table.
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.xhr.getResponseHeader("X-Table-Refusal")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });

  // A swap replaces the focused card. Someone playing at the table (focus inside it) gets
  // focus back on their first choice or playable card when their turn comes.
  var playing = false;
  document.addEventListener("focusin", function (e) { playing = !!e.target.closest("#table"); });
  document.body.addEventListener("htmx:beforeSwap", function () {
    var table = document.getElementById("table");
    playing = playing || (table !== null && table.contains(document.activeElement));
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    if (!playing) return;
    var next = document.querySelector("#choices button, #hand button:not([disabled])");
    if (next) next.focus({preventScroll: true});
  });
})();
