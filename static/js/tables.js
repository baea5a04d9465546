/* Narrow screens: every table.data stacks, one row a block, each cell led by its column's name.
 * The names come from the table's own header (copied into data-label), so templates need nothing more. */
(function () {
  "use strict";
  document.querySelectorAll("table.data").forEach(function (table) {
    var heads = [];
    var row = table.tHead && table.tHead.rows[table.tHead.rows.length - 1];
    if (row) Array.prototype.forEach.call(row.cells, function (th) {
      for (var k = 0; k < (th.colSpan || 1); k++) heads.push(th.textContent.trim());
    });
    Array.prototype.forEach.call(table.querySelectorAll("tbody tr, tfoot tr"), function (tr) {
      var col = 0;
      Array.prototype.forEach.call(tr.cells, function (td) {
        if (!td.hasAttribute("data-label") && heads[col] && td.colSpan === 1) td.setAttribute("data-label", heads[col]);
        col += td.colSpan || 1;
        // A stacked cell lays its name and its contents apart (flex): several pieces of contents would be
        // spread over the row, separators stranded between them. Held in one run, they read as written.
        if (td.hasAttribute("data-label") && td.childNodes.length > 1) {
          var run = document.createElement("span");
          run.className = "cell-run";
          while (td.firstChild) run.appendChild(td.firstChild);
          td.appendChild(run);
        }
      });
    });
    table.classList.add("stacks");
  });
})();
