// The replay page (templates/games/replay.html): plays the steps on a timer, with a pause
// button; the step links work by themselves too (without script they load the page again).
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var stage = document.getElementById("replay-stage");
  var toggle = document.getElementById("replay-toggle");
  var delay = parseInt(root.getAttribute("data-step-ms"), 10) || 900;
  var timer = null;
  var busy = false;

  function current() { return document.getElementById("replay-step"); }

  function show(version) {
    if (busy) return Promise.resolve();
    busy = true;
    var url = root.getAttribute("data-url") + "?fragment=1&v=" + version;
    return fetch(url, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) { stage.innerHTML = html; })
      .catch(function () { pause(); })
      .then(function () { busy = false; });
  }

  function tick() {
    var step = current();
    var version = parseInt(step.getAttribute("data-version"), 10);
    var last = parseInt(step.getAttribute("data-last"), 10);
    if (version >= last) { pause(); return; }
    show(version + 1);
  }

  function play() {
    if (timer) return;
    var step = current();
    if (parseInt(step.getAttribute("data-version"), 10) >= parseInt(step.getAttribute("data-last"), 10)) show(1);
    timer = setInterval(tick, delay);
    toggle.textContent = toggle.getAttribute("data-pause");
    toggle.setAttribute("aria-pressed", "true");
  }

  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    toggle.textContent = toggle.getAttribute("data-play");
    toggle.setAttribute("aria-pressed", "false");
  }

  toggle.hidden = false;
  toggle.addEventListener("click", function () { if (timer) pause(); else play(); });
  stage.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a[data-step]");
    if (!link) return;
    e.preventDefault();
    pause();
    show(link.getAttribute("data-step"));
  });
  play();
})();
