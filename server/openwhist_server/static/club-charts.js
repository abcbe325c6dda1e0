// The club's charts (openwhist_server.club.charts): every <canvas data-chart="ID"> is drawn
// with the vendored Chart.js from the JSON in <script type="application/json" id="ID">.
// No inline script anywhere (the pages' CSP); the figures are also in the table below each
// canvas, so a reader without script loses nothing but the picture.
(function () {
  "use strict";
  if (typeof window.Chart !== "function") {
    return;
  }
  // Okabe-Ito: told apart with every common colour blindness; point shapes differ too.
  var COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
  var SHAPES = ["circle", "rect", "triangle", "rectRot", "star", "crossRot", "rectRounded"];

  function perPoint(count, marks, normal, marked) {
    var out = [];
    for (var i = 0; i < count; i += 1) {
      out.push(marks.indexOf(i) >= 0 ? marked : normal);
    }
    return out;
  }

  function draw(canvas) {
    var source = document.getElementById(canvas.getAttribute("data-chart"));
    if (!source) {
      return;
    }
    var spec = JSON.parse(source.textContent);
    var line = spec.type === "line";
    var many = spec.labels.length > 60;
    var datasets = spec.datasets.map(function (set, n) {
      var colour = COLOURS[n % COLOURS.length];
      var marks = set.marks || [];
      return {
        label: set.label,
        data: set.data,
        borderColor: colour,
        backgroundColor: line ? colour : colour + "cc",
        pointStyle: SHAPES[n % SHAPES.length],
        pointRadius: line ? perPoint(set.data.length, marks, many ? 0 : 3, 6) : undefined,
        pointHoverRadius: line ? 6 : undefined,
        borderWidth: 2,
        spanGaps: true,
        tension: 0
      };
    });
    var percent = spec.percent === true;
    new window.Chart(canvas, {
      type: spec.type,
      data: { labels: spec.labels, datasets: datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: "index", intersect: false },
        plugins: { legend: { display: datasets.length > 1 || !percent } },
        scales: {
          x: { title: { display: Boolean(spec.x_title), text: spec.x_title } },
          y: {
            title: { display: Boolean(spec.y_title), text: spec.y_title },
            min: percent ? 0 : undefined,
            max: percent ? 100 : undefined
          }
        }
      }
    });
    canvas.setAttribute("data-drawn", "true");
  }

  var canvases = document.querySelectorAll("canvas[data-chart]");
  for (var i = 0; i < canvases.length; i += 1) {
    draw(canvases[i]);
  }
})();
