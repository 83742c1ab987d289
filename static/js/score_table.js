// A score table's entry screen (docs/pages.md "Score tables"). The page carries the sheet as
// JSON (games.service.score_tables.sheet): the next deal's form lists the contracts the
// chooser has left and the counts each is entered with. This script draws the counts for the
// chosen contract, asks the API for the points as they are typed (the engine scores and
// refuses: nothing is computed here), and posts the entry once, with a command id kept on
// the phone until the post gets through, so a lost connection never loses or doubles a deal.
(function () {
  "use strict";
  var root = document.getElementById("score-table");
  if (!root) return;
  var api = root.dataset.api;
  var sheet = JSON.parse(document.getElementById("score-table-sheet").textContent);
  var labels = JSON.parse(document.getElementById("score-table-labels").textContent);
  var names = sheet.names;
  var form = sheet.form;
  var pendingKey = "score-table:" + api;
  var check = document.getElementById("st-check");
  var finishCheck = document.getElementById("st-finish-check");
  var enter = document.getElementById("st-enter");
  var chosen = null; // the contract offered by the form
  var counts = {}; // field -> a count per seat
  var correcting = null; // the deal being corrected, or null
  var previewTimer = null;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function post(path, body) {
    return fetch(api + path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept-Language": document.documentElement.lang },
      body: JSON.stringify(body),
    });
  }

  var wordBox = null; // the confirmation's own line, while a confirmation or a dispute is sent

  function say(text, ok) {
    var box = wordBox || (check && !document.getElementById("st-entry").hidden ? check : finishCheck);
    if (!box) return;
    box.textContent = text || "";
    box.classList.toggle("ok", !!ok);
  }

  // ------------------------------------------------------------------ the entry
  function contractOf(offered) {
    var c = {};
    Object.keys(offered).forEach(function (k) {
      if (k !== "counts" && k !== "settle" && k !== "label") c[k] = offered[k];
    });
    if (!offered.settle) return c; // as offered (or as first entered, for a correction)
    var forfeit = document.getElementById("st-forfeit");
    if (forfeit && forfeit.checked) return { name: offered.name, forfeit: true };
    var mode = (document.querySelector("#st-modes [aria-pressed=true]") || {}).value || offered.settle.modes[0];
    var trump = mode === "up" ? ((document.querySelector("#st-trumps [aria-pressed=true]") || {}).value || "") : "";
    var bidder = document.getElementById("st-bidder").value;
    c.mode = mode;
    c.trump = trump === "" ? null : trump;
    c.bid = bidder === "" ? null : { seat: Number(bidder), tricks: Number(document.getElementById("st-bid").value), direction: mode };
    return c;
  }

  function entry() {
    if (!chosen) return null;
    if (form.winner) return handEntry();
    var contract = contractOf(chosen);
    var action = { type: "enter", deal: form.deal, contract: contract };
    if (!contract.forfeit) action.taken = JSON.parse(JSON.stringify(counts));
    if (correcting === null) return action;
    delete action.type;
    delete action.deal;
    return { type: "correct", deal: correcting, entry: action, reason: document.getElementById("st-reason").value };
  }

  function remaining(field) {
    var total = chosen.counts.filter(function (c) { return c.field === field; })[0].total;
    if (total === undefined || total === null) return 0; // a count with no fixed total (cards left)
    return total - counts[field].reduce(function (a, b) { return a + b; }, 0);
  }

  // A shedding game's hand (Kings in the Corner): who went out, or a deadlock, and what each
  // player has left, as the form's counts say.
  var winner; // a seat, or null for a deadlock, or undefined while not chosen
  function handEntry() {
    var action = { type: "enter", deal: form.deal, winner: winner, taken: JSON.parse(JSON.stringify(counts)) };
    if (correcting === null) return action;
    delete action.type;
    delete action.deal;
    return { type: "correct", deal: correcting, entry: action, reason: document.getElementById("st-reason").value };
  }

  function drawWinners() {
    var box = document.getElementById("st-contract-choices");
    document.querySelector("#st-contracts legend").textContent = labels.went_out;
    box.textContent = "";
    var seats = form.winner.seats.slice();
    if (form.winner.deadlock) seats.push(null);
    seats.forEach(function (seat) {
      var b = el("button", { type: "button", class: "choice", "aria-pressed": "false" }, seat === null ? labels.deadlock : names[seat]);
      b.addEventListener("click", function () {
        winner = seat;
        box.querySelectorAll("button").forEach(function (x) { x.setAttribute("aria-pressed", x === b ? "true" : "false"); });
        if (!chosen) {
          chosen = { counts: form.counts };
          counts = {};
          form.counts.forEach(function (c) { counts[c.field] = names.map(function () { return 0; }); });
          drawCounts();
        }
        changed();
      });
      box.appendChild(b);
    });
  }

  function drawCounts() {
    var table = document.getElementById("st-counts");
    var head = document.getElementById("st-counts-head");
    var body = document.getElementById("st-counts-body");
    while (head.children.length > 1) head.removeChild(head.lastChild);
    body.textContent = "";
    var forfeit = document.getElementById("st-forfeit");
    table.hidden = !chosen || (forfeit && forfeit.checked && !!chosen.settle);
    if (table.hidden) return;
    chosen.counts.forEach(function (c) {
      var th = el("th", { scope: "col" }, labels[c.field] || c.field);
      th.appendChild(el("span", { class: "left", id: "st-left-" + c.field }));
      head.appendChild(th);
    });
    head.appendChild(el("th", { scope: "col", class: "num" }, labels.points));
    names.forEach(function (name, seat) {
      var tr = el("tr");
      tr.appendChild(el("th", { scope: "row" }, name));
      chosen.counts.forEach(function (c) {
        var td = el("td", { class: "stepper" });
        var minus = el("button", { type: "button", class: "step", "aria-label": name + " " + (labels[c.field] || c.field) + " −1" }, "−");
        var value = el("output", { id: "st-" + c.field + "-" + seat, "aria-live": "polite" }, String(counts[c.field][seat]));
        var plus = el("button", { type: "button", class: "step", "aria-label": name + " " + (labels[c.field] || c.field) + " +1" }, "+");
        minus.addEventListener("click", function () { bump(c.field, seat, -1); });
        plus.addEventListener("click", function () { bump(c.field, seat, +1); });
        td.appendChild(minus);
        td.appendChild(value);
        td.appendChild(plus);
        tr.appendChild(td);
      });
      tr.appendChild(el("td", { class: "num points", id: "st-points-" + seat }, ""));
      body.appendChild(tr);
    });
    showRemaining();
  }

  function bump(field, seat, by) {
    var next = counts[field][seat] + by;
    if (next < 0) return;
    counts[field][seat] = next;
    document.getElementById("st-" + field + "-" + seat).textContent = String(next);
    showRemaining();
    changed();
  }

  function showRemaining() {
    chosen.counts.forEach(function (c) {
      if (c.total === undefined || c.total === null) return;
      var left = remaining(c.field);
      var span = document.getElementById("st-left-" + c.field);
      if (span) span.textContent = left === 0 ? " ✓" : " (" + left + ")";
    });
  }

  function choose(offered, button) {
    chosen = offered;
    counts = {};
    offered.counts.forEach(function (c) { counts[c.field] = names.map(function () { return 0; }); });
    document.querySelectorAll("#st-contract-choices button").forEach(function (b) { b.setAttribute("aria-pressed", b === button ? "true" : "false"); });
    drawSettle();
    drawCounts();
    changed();
  }

  function toggleGroup(container, values, labelOf, initial) {
    container.textContent = "";
    values.forEach(function (v) {
      var b = el("button", { type: "button", class: "choice", "aria-pressed": v === initial ? "true" : "false" }, labelOf(v));
      b.value = v === null ? "" : v;
      b.addEventListener("click", function () {
        container.querySelectorAll("button").forEach(function (x) { x.setAttribute("aria-pressed", x === b ? "true" : "false"); });
        drawBids();
        changed();
      });
      container.appendChild(b);
    });
  }

  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function drawSettle() {
    var box = document.getElementById("st-settle");
    box.hidden = !chosen || !chosen.settle;
    if (box.hidden) return;
    var s = chosen.settle;
    toggleGroup(document.getElementById("st-modes"), s.modes, function (m) { return labels["mode_" + m] || m; }, s.modes[0]);
    toggleGroup(document.getElementById("st-trumps"), s.trumps, function (t) { return t === null ? (labels.no_trump || "NT") : SUITS[t]; }, null);
    var bidder = document.getElementById("st-bidder");
    while (bidder.options.length > 1) bidder.remove(1);
    names.forEach(function (name, seat) {
      if (seat !== form.chooser) bidder.add(new Option(name, String(seat)));
    });
    bidder.onchange = function () { drawBids(); changed(); };
    var forfeit = document.getElementById("st-forfeit");
    document.getElementById("st-forfeit-label").hidden = !s.forfeit;
    forfeit.checked = false;
    forfeit.onchange = function () { drawCounts(); changed(); };
    drawBids();
  }

  function drawBids() {
    if (!chosen || !chosen.settle) return;
    var mode = (document.querySelector("#st-modes [aria-pressed=true]") || {}).value;
    document.getElementById("st-trumps").hidden = mode !== "up";
    var bidder = document.getElementById("st-bidder").value;
    document.getElementById("st-bid-label").hidden = bidder === "";
    var bid = document.getElementById("st-bid");
    var was = bid.value;
    bid.textContent = "";
    chosen.settle.bids.forEach(function (b) {
      if (b.direction === mode) bid.add(new Option(String(b.tricks), String(b.tricks)));
    });
    if (was) bid.value = was;
    bid.onchange = changed;
  }

  function complete() {
    if (!chosen) return false;
    var c = contractOf(chosen);
    if (c.forfeit) return true;
    return chosen.counts.every(function (k) { return remaining(k.field) === 0; });
  }

  // Every change is checked by the engine (a preview): the button is open only for an entry
  // the rules allow, and a refusal is shown as the engine words it, before anything is stored.
  function changed() {
    enter.disabled = true;
    names.forEach(function (_, seat) {
      var cell = document.getElementById("st-points-" + seat);
      if (cell) cell.textContent = "";
    });
    if (!chosen) return say("");
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, complete() ? 150 : 600);
  }

  function preview() {
    var action = entry();
    var sent = JSON.stringify(action);
    post("preview/", { action: action }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (res) {
      if (JSON.stringify(entry()) !== sent) return; // changed since: a newer preview is on its way
      if (res.ok) {
        res.body.scores.forEach(function (points, seat) {
          var cell = document.getElementById("st-points-" + seat);
          if (cell) cell.textContent = (points > 0 ? "+" : "") + points;
        });
        var reasoned = correcting === null || document.getElementById("st-reason").value.trim() !== "";
        enter.disabled = !reasoned;
        say(reasoned ? labels.ready : labels.reason, reasoned);
      } else {
        enter.disabled = true;
        say(res.body.error ? res.body.error.message : "");
      }
    }).catch(function () { /* offline: the entry is checked when it is sent */ });
  }

  // ------------------------------------------------------------------ sending
  function uid() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function send(pending) {
    localStorage.setItem(pendingKey, JSON.stringify(pending));
    enter && (enter.disabled = true);
    return post("actions/", pending).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, status: r.status, body: body }; });
    }).then(function (res) {
      localStorage.removeItem(pendingKey);
      document.getElementById("st-pending") && (document.getElementById("st-pending").hidden = true);
      if (res.ok) {
        window.location.reload();
        return;
      }
      say(res.body.error ? res.body.error.message : String(res.status));
      if (enter) enter.disabled = false;
    }).catch(function () {
      // No answer: keep it, with its command id, and send it again; the site answers a command
      // it has already stored with its first answer.
      var note = document.getElementById("st-pending");
      if (note) note.hidden = false;
      setTimeout(function () { send(pending); }, 3000);
    });
  }

  function act(action) {
    wordBox = action.type === "confirm" || action.type === "dispute" ? document.getElementById("st-confirm-check") : null;
    send({ action: action, expected_version: sheet.version, command_id: uid() });
  }

  // ------------------------------------------------------------------ corrections
  function startCorrection(deal) {
    var row = sheet.deals[deal - 1];
    if (form.winner || !row.contract) {
      correcting = deal;
      document.getElementById("st-entry").hidden = false;
      document.getElementById("st-reason-label").hidden = false;
      document.getElementById("st-cancel-correction").hidden = false;
      document.getElementById("st-mode-enter").textContent = labels.correct.replace("%(deal)s", String(deal));
      enter.textContent = labels.correct.replace("%(deal)s", String(deal));
      if (!form.winner) return;
      chosen = null;
      drawWinners();
      return;
    }
    correcting = deal;
    document.getElementById("st-entry").hidden = false;
    var finishing = document.getElementById("st-finish-box");
    if (finishing) finishing.hidden = true;
    document.getElementById("st-mode-enter").hidden = true;
    var title = document.getElementById("st-mode-correct");
    title.hidden = false;
    title.textContent = labels.correct.replace("%(deal)s", String(deal));
    document.getElementById("st-reason-label").hidden = false;
    document.getElementById("st-cancel-correction").hidden = false;
    enter.textContent = title.textContent;
    // A correction may name another contract the chooser had left then, and sets the counts
    // again; the engine checks the whole sheet again with it, later deals included.
    var choices = row.choices && row.choices.length ? row.choices : [Object.assign({ counts: chosenCounts(row), label: row.label }, row.contract)];
    drawContracts(choices);
    var suit = row.contract.suit || row.contract.trump; // the sheet names a trump "trump", a form "suit"
    var same = choices.map(function (c) { return c.name === row.contract.name && (!c.suit || c.suit === suit); }).indexOf(true);
    var buttons = document.querySelectorAll("#st-contract-choices button");
    if (same >= 0 && buttons.length > 1) buttons[same].click();
    document.getElementById("st-entry").scrollIntoView({ behavior: "smooth" });
  }

  function chosenCounts(row) {
    return Object.keys(row.taken || {}).map(function (field) {
      return { field: field, total: row.taken[field].reduce(function (a, b) { return a + b; }, 0) };
    });
  }

  // ------------------------------------------------------------------ start
  function drawContracts(offered) {
    var box = document.getElementById("st-contract-choices");
    if (!box) return;
    box.textContent = "";
    var seen = {};
    offered.forEach(function (c) {
      var key = c.name + "/" + (c.suit || c.trump || "");
      if (seen[key]) return;
      seen[key] = true;
      // A deal record names a trump contract's suit "trump", an entry "suit"; a forfeited
      // positive hand is "forfeited" in the record, "forfeit" in an entry.
      if (c.name === "trump" && c.suit === undefined) c = { name: c.name, suit: c.trump, counts: c.counts, label: c.label };
      if (c.forfeited) c = { name: c.name, forfeit: true, counts: [], label: c.label };
      var b = el("button", { type: "button", class: "choice contract", "aria-pressed": "false" }, c.label || c.name);
      b.addEventListener("click", function () { choose(c, b); });
      box.appendChild(b);
    });
    if (offered.length === 1) box.firstChild.click();
  }

  if (form.deal !== null && form.deal !== undefined) {
    if (form.winner) drawWinners();
    else drawContracts(form.contracts);
  }
  if (enter) enter.addEventListener("click", function () { act(entry()); });
  var reason = document.getElementById("st-reason");
  if (reason) reason.addEventListener("input", changed);
  document.querySelectorAll(".st-correct").forEach(function (b) {
    b.addEventListener("click", function () { startCorrection(Number(b.dataset.deal)); });
  });
  var cancel = document.getElementById("st-cancel-correction");
  if (cancel) cancel.addEventListener("click", function () { window.location.reload(); });
  document.querySelectorAll(".st-undo, #st-undo").forEach(function (b) {
    b.addEventListener("click", function () { act({ type: "undo", deal: Number(b.dataset.deal) }); });
  });
  // At a tournament's table the next seat confirms each entry, or disputes it for the organiser.
  var confirm = document.getElementById("st-confirm");
  var checker = document.getElementById("st-confirm-seat");
  if (confirm) confirm.addEventListener("click", function () {
    act({ type: "confirm", deal: Number(confirm.dataset.deal), seat: Number(checker.value) });
  });
  var dispute = document.getElementById("st-dispute");
  if (dispute) dispute.addEventListener("click", function () {
    var note = document.getElementById("st-dispute-note").value.trim();
    if (!note) {
      wordBox = document.getElementById("st-confirm-check");
      say(labels.dispute_note);
      return;
    }
    act({ type: "dispute", deal: Number(dispute.dataset.deal), seat: Number(checker.value), note: note });
  });
  var finish = document.getElementById("st-finish");
  if (finish) finish.addEventListener("click", function () { act({ type: "finish" }); });
  var copy = document.getElementById("st-copy");
  if (copy) copy.addEventListener("click", function () {
    var link = document.getElementById("st-link");
    link.select();
    if (navigator.clipboard) navigator.clipboard.writeText(link.value);
  });
  var print = document.getElementById("st-print");
  if (print) print.addEventListener("click", function () { window.print(); });

  // An entry a lost connection kept on this phone goes out again first.
  var kept = localStorage.getItem(pendingKey);
  if (kept) {
    var note = document.getElementById("st-pending");
    if (note) note.hidden = false;
    send(JSON.parse(kept));
  }
})();
