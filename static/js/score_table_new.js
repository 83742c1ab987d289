// Opening a score table: show as many name fields as the chosen game seats (its usual table,
// or the number of players chosen), and as many choices of who deals first.
(function () {
  "use strict";
  var form = document.getElementById("score-table-form");
  if (!form) return;
  var seats = JSON.parse(document.getElementById("score-table-seats").textContent);
  function count() {
    var game = (form.querySelector("input[name=ruleset]:checked") || {}).value;
    var players = form.querySelector("[name=players]");
    var chosen = players && players.value ? Number(players.value) : 0;
    var usual = seats[game] ? seats[game][0] : 4;
    var most = seats[game] ? seats[game][1] : 4;
    return chosen && chosen <= most ? chosen : usual;
  }
  function update() {
    var n = count();
    form.querySelectorAll(".st-name").forEach(function (div) {
      var hidden = Number(div.dataset.seat) >= n;
      div.hidden = hidden;
      div.querySelector("input").required = !hidden;
    });
    form.querySelectorAll("[name=first] option").forEach(function (option) {
      option.hidden = Number(option.value) >= n;
    });
  }
  form.addEventListener("change", update);
  update();
})();
