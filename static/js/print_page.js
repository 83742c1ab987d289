// The Print button of the printable pairings and standings (templates/tournaments/print_*.html):
// a script file, as the Content-Security-Policy allows no inline handler.
(function () {
  "use strict";
  var button = document.getElementById("print-page");
  if (button) button.addEventListener("click", function () { window.print(); });
})();
