// The table page (templates/games/table.html): follows the match live, plays by keyboard, tells
// the tab's title when it is your turn, gathers each trick towards its winner, picks a card and
// then its pile (or drags it there) in a game laid out in piles, and optional sound. It drops a
// tap on a button that the table's last swap put under a resting finger, and with "confirm each
// card" (the player's setting) a first tap on a card only raises it (docs/pages.md, "A second tap").
(function () {
  "use strict";
  document.documentElement.classList.add("js"); // styles that need this script (static/css/decision.css)

  // With many choices a phone shows each button's name only; one line under them says what the
  // focused or touched button commits to (the words stay in the button for screen readers).
  function describe(button) {
    var line = document.querySelector("#choices .choice-detail");
    var detail = button && button.querySelector(".detail");
    if (line) line.textContent = detail ? detail.textContent : "";
  }
  ["focusin", "mouseover", "touchstart"].forEach(function (name) {
    document.addEventListener(name, function (e) {
      var button = e.target.closest && e.target.closest("#choices button");
      if (button) describe(button);
    }, {passive: true});
  });
  function describeFirst() { describe(document.querySelector("#choices button:not([disabled])")); }
  document.body.addEventListener("htmx:afterSettle", describeFirst);
  document.addEventListener("DOMContentLoaded", describeFirst);
  var page = document.getElementById("table-page");
  if (!page) return;
  var reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function table() { return document.getElementById("table"); }

  // ------------------------------------------------------------ following the match
  // The table fragment answers 204 while nothing changed (?v= is the version it shows), so a
  // refresh is cheap. One at a time: a refresh asked for while one runs (or while an action is
  // being sent) is made once the table has been swapped; a lost answer holds nothing up for long.
  // The page also knows the newest version the stream announced (``after`` below): a table
  // that shows an older one once its requests have settled asks again, so an announcement whose
  // refresh htmx dropped (one arriving while the player's own move was being sent) is not lost.
  var busy = 0, again = false, BUSY_MS = 5000;
  function refresh() {
    var t = table();
    if (!t || !t.getAttribute("hx-get")) return;  // the game is over: nothing more to follow
    if (busy && Date.now() - busy < BUSY_MS) { again = true; return; }
    busy = Date.now();
    htmx.trigger(t, "refresh");
  }
  function behind() {
    var t = table();
    return after !== null && t !== null && !!t.getAttribute("hx-get") && Number(t.dataset.version) < after;
  }
  function settled() {
    busy = 0;
    if (again || behind()) { again = false; setTimeout(refresh, 0); }
  }
  // An answer that replaced the table settles it; one that did not (204) ends its request on
  // the table still in the page (events of the replaced table no longer reach the body).
  document.body.addEventListener("htmx:afterSettle", function () { setTimeout(settled, 0); });
  document.body.addEventListener("htmx:afterRequest", function () { setTimeout(settled, 0); });
  setInterval(function () { if ((again || behind()) && Date.now() - busy >= BUSY_MS) settled(); }, 1000);
  ["htmx:xhr:abort", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.body.addEventListener(name, function () { setTimeout(settled, 0); });
  });

  // The match's stream (GET /api/v1/matches/{id}/stream/, Server-Sent Events): each event asks
  // for the fragment. Under a WSGI server the stream is a long poll that ends with "reconnect"
  // within half a minute: open it again from where it left. A stream that keeps failing, or no
  // EventSource at all, leaves the page polling (slower than a stream, still live).
  // Even with a stream open the page asks now and then (a 204 while nothing changed): an
  // announcement lost on the way (a proxy, a sleeping phone) leaves no table stalled for long.
  var POLL_MS = 2500, SHORT_MS = 3000, FAILURES = 3, SAFETY_MS = 20000;
  var failures = 0, after = null, source = null, polling = null;
  setInterval(function () { if (!polling) refresh(); }, SAFETY_MS);
  function poll() {
    if (source) { source.close(); source = null; }
    if (!polling) polling = setInterval(refresh, POLL_MS);
  }
  function follow() {
    if (!table() || !table().getAttribute("hx-get")) return;
    if (!window.EventSource || failures >= FAILURES) return poll();
    var opened = Date.now();
    var url = page.dataset.stream + "?format=sse" + (after !== null ? "&after=" + after : "");
    source = new EventSource(url);
    var reopen = function (wait) {
      if (source) { source.close(); source = null; }
      failures = Date.now() - opened < SHORT_MS ? failures + 1 : 0;  // at once again: the server is busy
      setTimeout(follow, failures ? wait * failures : 0);
    };
    source.addEventListener("snapshot", function (e) { after = JSON.parse(e.data).version; refresh(); });
    source.addEventListener("event", function (e) { after = JSON.parse(e.data).version; refresh(); });
    source.addEventListener("end", function () { source.close(); source = null; refresh(); });
    source.addEventListener("reconnect", function (e) {
      var said = JSON.parse(e.data);
      if (typeof said.after === "number") after = said.after;
      reopen(1000);
    });
    source.onerror = function () { if (source) { refresh(); reopen(2000); } };
  }
  follow();

  // ------------------------------------------------------------ a second tap (docs/pages.md)
  // Bots answer in a fraction of a second, so a second tap meant for the card just played lands
  // on whatever the new table put under the finger. A press on a button of the table within
  // GUARD_MS of a swap, where the pointer rested before the swap and has not moved since, is
  // dropped with the click it makes: it aimed at the old table. A pointer that moved (a mouse
  // brought to the card, a finger put down elsewhere) aims at the new one; a key press is never
  // a stray tap. Listening on the window in the capture phase, it sees the press before the
  // page's own handlers (the drag below) and htmx do.
  var GUARD_MS = 700, STILL_PX = 16;
  var pointer = null, rest = null, swappedAt = 0, aimed = false, dropClick = 0;
  window.addEventListener("pointermove", function (e) {
    pointer = {x: e.clientX, y: e.clientY};
    aimed = true;  // a resting pointer sends none, even when the page changes under it
  }, {capture: true, passive: true});
  window.addEventListener("pointerdown", function (e) {
    var button = e.target.closest && e.target.closest("#table button");
    var stray = button && rest && !aimed && Date.now() - swappedAt < GUARD_MS &&
      Math.hypot(e.clientX - rest.x, e.clientY - rest.y) <= STILL_PX;
    pointer = {x: e.clientX, y: e.clientY};
    if (!stray) { dropClick = 0; return; }
    dropClick = Date.now();
    e.preventDefault();
    e.stopPropagation();
  }, true);
  window.addEventListener("pointerup", function (e) { pointer = {x: e.clientX, y: e.clientY}; }, true);
  window.addEventListener("click", function (e) {
    if (!dropClick || !e.isTrusted) return;
    var stale = Date.now() - dropClick > 2 * GUARD_MS;
    dropClick = 0;
    if (stale) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
  document.body.addEventListener("htmx:afterSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "table") return;
    swappedAt = Date.now();
    rest = pointer;
    aimed = false;
  });

  // ------------------------------------------------------------ confirm each card
  // The player's setting (/me/settings/, data-confirm-each-card on the page): the first tap on a
  // playable card of a trick game raises it, a second tap on the same card plays it; a tap on
  // another card raises that one instead. The raised card stays raised across a refresh that
  // keeps it playable.
  var confirming = page.dataset.confirmEachCard === "true", selected = null;
  function raise(value) {
    selected = null;
    document.querySelectorAll("#hand:not(.pile-hand) button.card").forEach(function (b) {
      var on = value !== null && b.dataset.card === value && !b.disabled;
      b.classList.toggle("selected", on);
      if (on) { b.setAttribute("aria-pressed", "true"); selected = value; } else b.removeAttribute("aria-pressed");
    });
  }
  if (confirming) {
    document.addEventListener("click", function (e) {
      var card = e.target.closest && e.target.closest("#hand:not(.pile-hand) button.card");
      if (!card || card.disabled) return;
      if (selected === card.dataset.card) return;  // the second tap: the form posts the card
      e.preventDefault();
      raise(card.dataset.card);
    });
    document.body.addEventListener("htmx:afterSettle", function () { raise(selected); });
  }

  // ------------------------------------------------------------ the tab's title
  function title() {
    var t = table();
    var mine = t && t.dataset.yourTurn === "true";
    document.title = mine ? page.dataset.turnTitle : page.dataset.title;
    return mine;
  }

  // ------------------------------------------------------------ sound (off unless asked for)
  var soundButton = document.getElementById("sound"), audio = null, KEY = "kingrifki.table.sound";
  function soundOn() { try { return localStorage.getItem(KEY) === "on"; } catch (err) { return false; } }
  function showSound() { soundButton.setAttribute("aria-pressed", soundOn() ? "true" : "false"); }
  if (soundButton) {
    soundButton.hidden = false;
    showSound();
    soundButton.addEventListener("click", function () {
      try { localStorage.setItem(KEY, soundOn() ? "off" : "on"); } catch (err) { /* private mode: stays off */ }
      showSound();
      if (soundOn()) beep(660, 0.08);
    });
  }
  // A short tone made by WebAudio: no sound file to fetch.
  function beep(freq, seconds, when) {
    if (!soundOn()) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    var t0 = audio.currentTime + (when || 0), osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = "triangle";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.15, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0);
    osc.stop(t0 + seconds + 0.02);
  }

  // ------------------------------------------------------------ a gathered trick
  // When a trick has ended since the last swap, its cards (the last trick) are shown in front of
  // their players for a moment, then slide towards its winner.
  function gather(before) {
    var t = table(), last = document.querySelector("#last-trick");
    if (!t || !last || Number(t.dataset.tricksDone) <= before || reducedMotion) return;
    var box = document.getElementById("trick"), layer = document.createElement("ol");
    layer.className = "gather to-" + last.dataset.winnerPlace;
    last.querySelectorAll(".played li").forEach(function (li) {
      var item = document.createElement("li"), img = li.querySelector("img").cloneNode();
      img.alt = "";
      item.className = "at-" + li.dataset.place;
      item.appendChild(img);
      layer.appendChild(item);
    });
    layer.setAttribute("aria-hidden", "true");
    box.appendChild(layer);
    box.classList.add("gathering");
    setTimeout(function () { layer.classList.add("go"); }, 650);
    setTimeout(function () { layer.remove(); box.classList.remove("gathering"); }, 1250);
  }

  // ------------------------------------------------------------ swaps
  // A refused action keeps its status (403, 409, 422) but comes back as the table with the
  // reason, marked by a header: swap it in. Any other error page is left out of the table.
  var playing = false, before = null;
  document.addEventListener("focusin", function (e) { playing = !!e.target.closest("#table"); });
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.xhr.getResponseHeader("X-Table-Refusal")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
    var t = table(), last = document.getElementById("last-trick");
    playing = playing || (t !== null && t.contains(document.activeElement));
    before = t && {
      tricks: Number(t.dataset.tricksDone), version: t.dataset.version, yourTurn: t.dataset.yourTurn === "true",
      lastOpen: !!(last && last.open), cards: document.querySelectorAll("#trick .played li").length,
    };
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    var t = table();
    if (!t || !before) return;
    // The last trick stays open across a refresh while it is the same trick.
    var last = document.getElementById("last-trick");
    if (last && before.lastOpen && Number(t.dataset.tricksDone) === before.tricks) last.open = true;
    gather(before.tricks);
    var mine = title();
    if (t.dataset.version !== before.version) {
      if (Number(t.dataset.tricksDone) > before.tricks) beep(330, 0.18);
      else if (document.querySelectorAll("#trick .played li").length > before.cards) beep(520, 0.05);
      if (mine && !before.yourTurn) beep(880, 0.12, 0.2);
    }
    // Someone playing at the table (focus inside it) gets focus back on their first choice or
    // playable card after each swap.
    if (playing) {
      var next = document.querySelector("#choices button, #hand button:not([disabled])");
      if (next) next.focus({preventScroll: true});
    }
  });
  title();

  // ------------------------------------------------------------ keyboard
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

  // ------------------------------------------------------------ a game laid out in piles
  // (templates/games/_piles.html, _pile_hand.html). Pick a card: the piles it may go onto light
  // up (its data-targets, from the legal actions); pick one of them: its button posts "to" with
  // the card in the hidden fields. Pick a pile that may move (its data-moves), then the lit pile
  // it goes onto. A second click on what was picked puts it back; Escape too. Only the lit piles
  // are enabled, so Tab and the arrow keys go from one to the next.
  var picked = null;
  function pileButtons() { return Array.from(document.querySelectorAll("#piles .pile-target")); }
  function parsed(text) { try { return JSON.parse(text || "[]"); } catch (err) { return []; } }
  function hint(text) {
    var line = document.getElementById("pick-hint");
    if (line) { line.textContent = text || ""; line.hidden = !text; }
  }
  function setField(id, value) { var field = document.getElementById(id); if (field) field.value = value || ""; }
  function arm() {
    picked = null;
    var t = table(), mine = !!t && t.dataset.yourTurn === "true";
    document.querySelectorAll("#hand.pile-hand button.card").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    pileButtons().forEach(function (b) {
      var movable = mine && parsed(b.dataset.moves).length > 0;
      b.disabled = !movable;
      b.classList.remove("lit", "picked");
      b.classList.toggle("movable", movable);
    });
    ["pick-card", "pick-as", "pick-from"].forEach(function (id) { setField(id, ""); });
    hint("");
  }
  function light(targets, source) {
    pileButtons().forEach(function (b) {
      var on = targets.indexOf(b.dataset.pile) >= 0;
      b.classList.toggle("lit", on);
      b.classList.toggle("picked", b === source);
      b.classList.remove("movable");
      b.disabled = !on && b !== source;
    });
    var first = document.querySelector("#piles .pile-target.lit");
    if (first) first.focus({preventScroll: true});
  }
  function pickCard(card) {
    arm();
    picked = {card: card.dataset.card, targets: parsed(card.dataset.targets), button: card};
    card.setAttribute("aria-pressed", "true");
    light(picked.targets.map(function (t) { return t.to; }), null);
    hint(document.getElementById("hand").dataset.pickPile);
  }
  function pickPile(pile) {
    var moves = parsed(pile.dataset.moves), hand = document.getElementById("hand");
    if (!moves.length) return;
    picked = {from: pile.dataset.pile, targets: moves, button: pile};
    light(moves, pile);
    hint(hand && hand.dataset.pickTarget);
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest) return;
    var card = e.target.closest("#hand.pile-hand button.card");
    if (card) {
      if (picked && picked.card === card.dataset.card) { arm(); card.focus(); return; }
      pickCard(card);
      return;
    }
    var pile = e.target.closest("#piles .pile-target");
    if (!pile || pile.disabled) return;
    var name = pile.dataset.pile;
    if (picked && picked.card) {
      // A joker may stand for several cards on one pile: the first the rules allow (every one is
      // in the list of every legal move of the page without its script).
      var target = picked.targets.filter(function (t) { return t.to === name; })[0];
      if (!target) { e.preventDefault(); return; }
      setField("pick-card", picked.card);
      setField("pick-as", target.as);
      setField("pick-from", "");
      return;  // the button posts "to"
    }
    if (picked && picked.from) {
      if (name === picked.from) { e.preventDefault(); arm(); pile.focus(); return; }
      setField("pick-card", "");
      setField("pick-as", "");
      setField("pick-from", picked.from);
      return;
    }
    e.preventDefault();
    pickPile(pile);
  });
  // Ending a turn with a king that an empty corner would take costs a penalty: the first click
  // says so and asks again; the second ends the turn.
  document.addEventListener("click", function (e) {
    var end = e.target.closest && e.target.closest("#turn button[data-warn]");
    if (!end || end.dataset.warned) return;
    e.preventDefault();
    end.dataset.warned = "true";
    end.textContent = end.dataset.warn;
    var warning = document.getElementById("king-warning");
    if (warning) { warning.classList.add("urgent"); warning.setAttribute("role", "alert"); }
    end.focus();
  });
  document.addEventListener("keydown", function (e) {
    var pile = e.target.closest && e.target.closest("#piles .pile-target");
    if (e.key === "Escape" && picked) {
      var back = picked.button;
      arm();
      if (back) back.focus();
      e.preventDefault();
      return;
    }
    if (!pile || !(e.key in keys)) return;
    var open = pileButtons().filter(function (b) { return !b.disabled; });
    var i = open.indexOf(pile);
    if (i < 0) return;
    open[(i + keys[e.key] + open.length) % open.length].focus();
    e.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", arm);
  arm();

  // Drag and drop, with a mouse or a finger (pointer events): dragging a playable card or a
  // movable pile picks it as a click would (the same legal piles light up); dropping it on a lit
  // pile clicks that pile, so the drop posts what the click posts; dropping it anywhere else puts
  // it back, nothing sent. A press that moves less than a few pixels stays a click.
  var press = null, SLOP = 6;
  function draggable(el) {
    var mine = !!table() && table().dataset.yourTurn === "true";
    var card = el.closest("#hand.pile-hand button.card.legal");
    var pile = el.closest("#piles .pile-target.movable");
    return mine ? (card || pile) : null;
  }
  function litPileAt(x, y) {
    var under = document.elementFromPoint(x, y);
    return under && under.closest ? under.closest("#piles .pile-target.lit") : null;
  }
  function over(pile) {
    pileButtons().forEach(function (b) { b.classList.toggle("over", b === pile); });
  }
  function trail(e) {
    press.ghost.style.left = e.clientX - press.dx + "px";
    press.ghost.style.top = e.clientY - press.dy + "px";
    over(litPileAt(e.clientX, e.clientY));
  }
  function startDrag(e) {
    var source = press.source, rect = source.getBoundingClientRect();
    var face = source.querySelector(".pile-cards .pc:last-child > *, img, .joker-face");
    if (source.dataset.card) pickCard(source); else pickPile(source);
    press.ghost = (face || source).cloneNode(true);
    press.ghost.classList.add("drag-ghost");
    press.ghost.setAttribute("aria-hidden", "true");
    press.ghost.style.width = (face || source).getBoundingClientRect().width + "px";
    press.dx = Math.min(e.clientX - rect.left, rect.width);
    press.dy = Math.min(e.clientY - rect.top, rect.height);
    document.body.appendChild(press.ghost);
    document.documentElement.classList.add("dragging");
    source.classList.add("drag-source");
    trail(e);
  }
  function endDrag() {
    if (press && press.ghost) {
      press.ghost.remove();
      press.source.classList.remove("drag-source");
      document.documentElement.classList.remove("dragging");
      over(null);
    }
    press = null;
  }
  document.addEventListener("pointerdown", function (e) {
    if (press || !e.isPrimary || e.button !== 0 || !e.target.closest) return;
    var source = draggable(e.target);
    if (source && !source.disabled) press = {source: source, x: e.clientX, y: e.clientY, id: e.pointerId, ghost: null};
  });
  document.addEventListener("pointermove", function (e) {
    if (!press || e.pointerId !== press.id) return;
    if (!press.ghost && Math.hypot(e.clientX - press.x, e.clientY - press.y) < SLOP) return;
    if (!press.ghost) startDrag(e); else trail(e);
    e.preventDefault();
  });
  var swallow = false;  // the click a mouse sends after a drag is no click on the card
  document.addEventListener("pointerup", function (e) {
    if (!press || e.pointerId !== press.id) return;
    var dragged = !!press.ghost, target = dragged && litPileAt(e.clientX, e.clientY);
    endDrag();
    if (!dragged) return;
    swallow = true;
    setTimeout(function () { swallow = false; }, 0);
    if (target && picked) target.click(); else arm();
  });
  document.addEventListener("pointercancel", function (e) {
    if (press && e.pointerId === press.id) { if (press.ghost) arm(); endDrag(); }
  });
  document.addEventListener("click", function (e) {
    if (swallow && e.isTrusted) { swallow = false; e.preventDefault(); e.stopPropagation(); }
  }, true);
  document.addEventListener("dragstart", function (e) {  // no native image drag over ours
    if (e.target.closest && e.target.closest("#hand.pile-hand, #piles")) e.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", function () {  // the table was replaced under it
    if (press && !document.contains(press.source)) endDrag();
  });

  // The clock counts on from the seconds the server measured (a device's clock may be wrong).
  setInterval(function () {
    document.querySelectorAll("#clock time[data-elapsed]").forEach(function (el) {
      if (!el.dataset.start) el.dataset.start = Date.now() - 1000 * Number(el.dataset.elapsed);
      var s = Math.floor((Date.now() - Number(el.dataset.start)) / 1000);
      el.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    });
  }, 1000);
})();
