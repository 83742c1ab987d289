// Every page (templates/base.html). No inline script or event handler anywhere: the
// Content-Security-Policy (config/settings.py) allows scripts from the site's own files only.
(function () {
  "use strict";
  // The language picker applies a choice at once (its Go button is for pages without script).
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("form.language select")) e.target.form.submit();
  });
})();
