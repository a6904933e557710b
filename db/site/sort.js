// Optional: sorts a table of clusters by a column (a button in each header) and filters its rows
// by the text typed. Every page is complete without it; it reads the table, never data.
(function () {
  "use strict";
  function cellKey(cell) {
    var sort = cell.getAttribute("data-sort");
    if (sort !== null && sort !== "-1") return { number: Number(sort) };
    if (sort === "-1") return { number: -Infinity };
    return { text: cell.textContent.trim().toLowerCase() };
  }
  function compare(a, b) {
    if ("number" in a && "number" in b) return a.number - b.number;
    return String(a.text || "").localeCompare(String(b.text || ""));
  }
  function sortBy(table, column, header) {
    var body = table.tBodies[0];
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (x, y) {
      var order = compare(cellKey(x.cells[column]), cellKey(y.cells[column]));
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.setAttribute("aria-sort", "none");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }
  function enhance(table, index) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = header.textContent;
      header.textContent = "";
      header.appendChild(button);
      header.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () { sortBy(table, column, header); });
    });
    var label = document.createElement("label");
    label.className = "filter";
    label.textContent = "Filter these clusters: ";
    var input = document.createElement("input");
    input.type = "search";
    input.id = "filter-" + index;
    label.appendChild(input);
    table.parentNode.parentNode.insertBefore(label, table.parentNode);
    input.addEventListener("input", function () {
      var words = input.value.trim().toLowerCase();
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = words !== "" && row.textContent.toLowerCase().indexOf(words) === -1;
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("table.clusters"), enhance);
  });
})();
