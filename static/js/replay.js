// The replay page (templates/games/replay.html). Every control works without this script: the
// step links and the seat and deal forms load the page again. With it, a step is fetched as the
// fragment alone and swapped in (the address follows it), a choice of seat or deal takes effect
// when made, and "Play" steps on by itself; it starts playing only where the address named no
// deal, event or seat (the demo, the plain link from the table).
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var stage = document.getElementById("replay-stage");
  var toggle = document.getElementById("replay-toggle");
  var delay = parseInt(root.getAttribute("data-step-ms"), 10) || 900;
  var timer = null;
  var busy = false;

  function fragmentUrl(href) {
    var url = new URL(href, window.location.href);
    url.searchParams.set("fragment", "1");
    return url;
  }

  function show(href) {
    if (busy) return Promise.resolve();
    busy = true;
    return fetch(fragmentUrl(href), { credentials: "same-origin" })
      .then(function (r) { return r.text().then(function (html) { return { ok: r.ok, html: html }; }); })
      .then(function (answer) {
        // A refused step still comes back as a step (where it fell back to, with the reason):
        // swap that in; any other error page is left out.
        if (answer.html.indexOf('id="replay-step"') < 0) throw new Error("not a step");
        stage.innerHTML = answer.html;
        if (!answer.ok) { pause(); return; }
        var address = new URL(href, window.location.href);
        address.searchParams.delete("fragment");
        window.history.replaceState(null, "", address);
      })
      .catch(function () { pause(); })
      .then(function () { busy = false; });
  }

  function link(id) {
    var a = document.getElementById(id);
    return a && a.tagName === "A" ? a : null;
  }

  function tick() {
    var next = link("replay-next");
    if (!next) { pause(); return; }
    show(next.href);
  }

  function play() {
    if (timer) return;
    if (!link("replay-next")) {
      var first = link("replay-first");
      if (first) show(first.href);
    }
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
    var a = e.target.closest && e.target.closest("a[data-step]");
    if (!a) return;
    e.preventDefault();
    pause();
    show(a.href);
  });
  // A seat or a deal chosen takes effect at once: its form, sent as the fragment.
  stage.addEventListener("change", function (e) {
    var form = e.target.form;
    if (!form || !form.classList.contains("replay-picker")) return;
    pause();
    var url = new URL(form.action, window.location.href);
    new FormData(form).forEach(function (value, name) { url.searchParams.set(name, value); });
    show(url.href);
  });
  stage.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.classList.contains("replay-picker")) return;
    e.preventDefault();
    pause();
    var url = new URL(form.action, window.location.href);
    new FormData(form).forEach(function (value, name) { url.searchParams.set(name, value); });
    show(url.href);
  });
  if (root.getAttribute("data-autoplay") === "true") play();
})();
