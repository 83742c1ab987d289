// The lobby of a table with friends (templates/bots/_friends_lobby.html): the copy button.
// A file of its own: the Content-Security-Policy allows no inline script.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("button[data-copy]");
    if (!button) return;
    var field = document.querySelector(button.getAttribute("data-copy"));
    if (!field) return;
    field.select();
    var done = function () { button.textContent = button.getAttribute("data-copied"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  });
})();
