// Every page (templates/base.html). No inline script or event handler anywhere: the
// Content-Security-Policy (config/settings.py) allows scripts from the site's own files only.
// Loaded in the head, not deferred: the class below is set before the first paint, so a phone's
// header is folded from the start instead of jumping once the page has loaded.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("menu-js"); // static/css/site.css folds the phone's header only with this script

  // The language picker applies a choice at once (its Go button is for pages without script).
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("form.language select")) e.target.form.submit();
  });

  // The phone's Menu button opens and closes the site's links (the header's "open" class).
  function setMenu(header, button, open) {
    header.classList.toggle("open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("#menu-button");
    var header = document.getElementById("site-header");
    if (!header) return;
    if (button) {
      setMenu(header, button, !header.classList.contains("open"));
    } else if (header.classList.contains("open") && !header.contains(e.target)) {
      setMenu(header, document.getElementById("menu-button"), false); // a tap elsewhere closes it
    }
  });
  document.addEventListener("keydown", function (e) {
    var header = document.getElementById("site-header");
    if (e.key !== "Escape" || !header || !header.classList.contains("open")) return;
    var button = document.getElementById("menu-button");
    setMenu(header, button, false);
    button.focus();
  });
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("menu-button");
    if (button) button.hidden = false; // CSS shows it on a phone only
  });

  // A fold of the table (details.keep-open: the auction, the contracts left) stays open across the
  // table's refresh, which htmx swaps whole: the new table's fold opens where the old one was open.
  var opened = [];
  document.addEventListener("htmx:beforeSwap", function () {
    opened = Array.prototype.map.call(document.querySelectorAll("details.keep-open[open]"), function (d) { return d.id; });
  });
  document.addEventListener("htmx:afterSwap", function () {
    opened.forEach(function (id) {
      var fold = document.getElementById(id);
      if (fold && fold.matches("details.keep-open")) fold.open = true;
    });
  });
})();
