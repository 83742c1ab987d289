// The audit page (templates/games/audit.html).
(function () {
  "use strict";
  // As on the table (table.html): a refused step keeps its status (403, 400) but comes back as
  // the step with the reason and the stepper, marked by a header: swap it in. Any other error
  // page is left out of the page.
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.xhr.getResponseHeader("X-Table-Refusal")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });
})();
