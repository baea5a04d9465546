// What each column of a statistics table counts, written under the table: a hover title alone never shows
// on a phone. Each header's title is the one place its words are kept; this lists them as "Name: words".
(function () {
  document.querySelectorAll("table.data:not(.h2h)").forEach(function (table) {
    var items = [];
    table.querySelectorAll("thead th[title]").forEach(function (th) {
      var name = th.textContent.trim(), words = th.getAttribute("title");
      if (name && words) items.push([name, words]);
    });
    if (!items.length) return;
    var list = document.createElement("ul");
    list.className = "col-help small muted";
    items.forEach(function (it) {
      var li = document.createElement("li"), b = document.createElement("b");
      b.textContent = it[0];
      li.appendChild(b);
      li.appendChild(document.createTextNode(": " + it[1]));
      list.appendChild(li);
    });
    var after = table.closest(".table-wrap") || table;
    after.parentNode.insertBefore(list, after.nextSibling);
  });
})();
