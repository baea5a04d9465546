// The new-session form's script (a file, not inline: the Content-Security-Policy allows no inline script).
// The form counts seats from 1; the record counts them from 0.
(function () {
  var view = document.getElementById("first_dealer_view"), real = document.getElementById("id_first_dealer");
  function sync() { var v = parseInt(view.value, 10); real.value = isNaN(v) ? 0 : Math.max(0, v - 1); }
  view.addEventListener("input", sync); sync();
  // Only the chosen game's house rules are shown (without JavaScript every game's are, and the server
  // reads the chosen one's).
  var game = document.getElementById("id_game");
  function showGame() {
    document.querySelectorAll("fieldset.game-rules").forEach(function (fs) {
      var on = fs.getAttribute("data-game") === game.value;
      fs.hidden = !on;
      fs.querySelectorAll("[data-game-input]").forEach(function (i) { i.disabled = !on; });
    });
  }
  game.addEventListener("change", showGame); showGame();
  // The table size follows the house rules that narrow it (Swik's fewest and most players), as they are typed.
  document.querySelectorAll(".table-size[data-min-rule]").forEach(function (size) {
    ["min", "max"].forEach(function (end) {
      var input = document.getElementById(size.getAttribute("data-" + end + "-rule"));
      var out = size.querySelector('[data-seats="' + end + '"]');
      if (!input || !out) return;
      input.addEventListener("input", function () {
        var v = parseInt(input.value, 10);
        if (!isNaN(v)) out.textContent = v;
      });
    });
  });
  // Money is typed in cents and read back as the table says it ($1.25, 1,25 Kč: static/js/words.js, the family's money).
  document.querySelectorAll("[data-money-of]").forEach(function (out) {
    var input = document.getElementById(out.getAttribute("data-money-of"));
    input.addEventListener("input", function () {
      var v = parseInt(input.value, 10);
      out.textContent = isNaN(v) ? "" : window.TablekeeperWords.money(v);
    });
  });
})();
