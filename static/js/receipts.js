// The table page's receipts (templates/games/table.html, games/record/receipts.py): each move the site
// accepts from this browser comes back with a receipt in the X-Receipt header, signed by the
// site. It is kept here, in localStorage, as it arrives: the player's own copy, out of the
// site's reach (a receipt the site re-made later from a rolled-back log would prove nothing).
// "My receipts" downloads them as one JSON file, which the verifiers take as it is
// (verify_export.pyz --receipts FILE, manage.py verify_match --receipts FILE, POST .../verify/).
(function () {
  "use strict";
  var box = document.getElementById("receipts");
  if (!box) return;
  var stream = box.dataset.stream, KEY = "kingrifki.receipts." + stream;
  var button = document.getElementById("my-receipts"), count = button.querySelector(".count");

  function kept() {
    try {
      var list = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (err) { return []; }
  }
  function show() {
    var n = kept().length;
    count.textContent = String(n);
    button.disabled = n === 0;
  }
  function keep(receipt) {
    if (!receipt || receipt.stream !== stream || typeof receipt.version !== "number") return;
    var list = kept();
    if (list.some(function (r) { return r.version === receipt.version && r.hash === receipt.hash; })) return;
    list.push(receipt);
    list.sort(function (a, b) { return a.version - b.version; });
    try { localStorage.setItem(KEY, JSON.stringify(list)); } catch (err) { /* storage full or off */ }
    show();
  }
  // Before the swap: the form that sent the move is still in the page, so its events reach here.
  document.body.addEventListener("htmx:beforeOnLoad", function (e) {
    var header = e.detail.xhr && e.detail.xhr.getResponseHeader("X-Receipt");
    if (!header) return;
    try { keep(JSON.parse(header)); } catch (err) { /* not a receipt: nothing kept */ }
  });
  button.addEventListener("click", function () {
    var file = {format: "kingrifki-receipts/1", stream: stream, match: Number(box.dataset.match), receipts: kept()};
    var blob = new Blob([JSON.stringify(file, null, 1) + "\n"], {type: "application/json"});
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = box.dataset.file;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
  });
  box.hidden = false;
  show();
})();
