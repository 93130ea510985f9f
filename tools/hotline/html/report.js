// Draws hotline's HTML report from the JSON object in #hotline-data, which
// `hotline html` writes (tools/hotline/commands/html.cpp): d3 builds the tables and
// charts, d3-flame-graph the flame graph of the call tree.
(function () {
  "use strict";
  const started = performance.now();
  const data = JSON.parse(document.getElementById("hotline-data").textContent);
  const missing = data.missing;
  const main = d3.select("#report");

  // Numbers as the text reports print them: three significant digits.
  // `units` are biggest first, down to the unit itself, which has no decimals.
  function scaled(value, units) {
    for (const [scale, unit] of units.slice(0, -1))
      if (value >= scale * 0.9995) return (value / scale).toPrecision(3) + " " + unit;
    return Math.round(value) + " " + units[units.length - 1][1];
  }
  const duration = (ns) =>
    scaled(ns, [
      [1e9, "s"],
      [1e6, "ms"],
      [1e3, "µs"],
      [1, "ns"],
    ]);
  const bytes = (n) =>
    scaled(n, [
      [1e12, "TB"],
      [1e9, "GB"],
      [1e6, "MB"],
      [1e3, "kB"],
      [1, "B"],
    ]);
  const count = (n) => Number(n).toLocaleString("en-US");
  const percent = (p) => p.toFixed(1) + "%";
  const place = (file, line) => (file ? (line ? file + ":" + line : file) : "-");
  // A place short enough for a table cell: the last two parts of its path.
  const short = (text) => {
    const parts = text.split("/");
    return parts.length > 3 ? "…/" + parts.slice(-2).join("/") : text;
  };
  const basename = (path) => path.slice(path.lastIndexOf("/") + 1);

  // A column of places in the source ("file:line"), each shown by the last two
  // parts of its path, whole on hover.
  // The function cell of a memory or I/O place, marked as `hotline memory` marks it: the
  // library the call was made inside, and "(no line)" for a place found by its timed call.
  const placeFunction = (p) =>
    (p.short_function || p.function) + (p.via ? " via " + p.via : "") + (p.placed_by === "timed call" ? " (no line)" : "");
  const placeColumn = (title, of) => ({ title, value: of, text: (r) => short(of(r)), cls: "place", tip: of });

  function compare(a, b) {
    if (typeof a === "number" && typeof b === "number") return a - b;
    return String(a).localeCompare(String(b));
  }

  // A table sorted by one column at a time (click a header; again to reverse
  // it) that shows its first `limit` rows until asked for all. A column is
  // {title, value(row): what it sorts by, text(row) (default: value), num,
  // cls, tip(row)}.
  function table(parent, columns, rows, options) {
    const limit = options.limit || 50;
    let sortColumn = options.sort === undefined ? null : options.sort;
    let descending = true;
    let showAll = false;
    const wrap = parent.append("div").attr("class", "table");
    const element = wrap.append("table").attr("id", options.id || null);
    const heads = element
      .append("thead")
      .append("tr")
      .selectAll("th")
      .data(columns)
      .join("th")
      .attr("class", (c) => (c.num ? "num sortable" : "sortable"))
      .attr("title", (c) => c.help || "sort by " + c.title)
      .text((c) => c.title)
      .on("click", (event, c) => {
        const index = columns.indexOf(c);
        descending = index === sortColumn ? !descending : !!c.num;
        sortColumn = index;
        draw();
      });
    const body = element.append("tbody");
    const more = wrap.append("div").attr("class", "more");
    function draw() {
      let sorted = rows;
      if (sortColumn !== null) {
        const column = columns[sortColumn];
        const sign = descending ? -1 : 1;
        sorted = rows.slice().sort((a, b) => sign * compare(column.value(a), column.value(b)));
      }
      heads.attr("aria-sort", (c, i) =>
        i === sortColumn ? (descending ? "descending" : "ascending") : null,
      );
      const shown = showAll ? sorted : sorted.slice(0, limit);
      body
        .selectAll("tr")
        .data(shown)
        .join("tr")
        .selectAll("td")
        .data((row) => columns.map((column) => ({ column, row })))
        .join("td")
        .attr("class", (d) => d.column.cls || (d.column.num ? "num" : null))
        .attr("title", (d) => (d.column.tip ? d.column.tip(d.row) : null))
        .each(function (d) {
          // A cell's max-width does not hold in a table: long names are cut in a div.
          const text = String((d.column.text || d.column.value)(d.row));
          const clipped = d.column.cls === "name" || d.column.cls === "place";
          const cell = d3.select(this).text(clipped ? null : text);
          if (clipped) cell.append("div").attr("class", "clip").text(text);
        });
      more.selectAll("*").remove();
      if (rows.length > limit) {
        more
          .append("span")
          .attr("class", "note")
          .text(
            showAll
              ? `All ${count(rows.length)} rows. `
              : `The first ${limit} of ${count(rows.length)} rows. `,
          );
        more
          .append("button")
          .text(showAll ? "Show fewer" : "Show all")
          .on("click", () => {
            showAll = !showAll;
            draw();
          });
      }
    }
    draw();
  }

  const sections = [];
  function section(id, title, why) {
    sections.push({ id, title, empty: !!why });
    const element = main.append("section").attr("id", id);
    element.append("h2").text(title);
    if (why) missingLine(element, why);
    return element;
  }
  function missingLine(parent, why) {
    parent.append("p").attr("class", "missing").text(why);
  }

  function summary() {
    const runs = data.runs;
    const header = d3.select("#top");
    const title = header.append("h1");
    title.append("span").attr("class", "tool").text("hotline ");
    title.append("span").text(runs.length === 1 ? basename(runs[0].program) : runs.length + " profiles");
    const facts = header.append("dl").attr("class", "facts");
    const fact = (name, value) => {
      const item = facts.append("div");
      item.append("dt").text(name);
      item.append("dd").attr("title", value).text(value);
    };
    if (runs.length === 1) {
      const run = runs[0];
      fact("Program", `${run.program} (pid ${run.pid}, host ${run.host})`);
      fact("Wall time", duration(run.wall_ns));
      fact("Threads", count(run.threads));
      fact("Clock", run.clock_source);
      fact("Measured time", duration(data.measured_ns));
      fact("Command", run.command_line);
      fact("Profile", run.file);
      if (run.dump) fact("Dump", "written while the program went on: what was recorded until then");
      if (run.recorded) fact("Recorded", `${run.recorded} (the recording was stopped in between)`);
    } else {
      fact("Longest wall time", duration(d3.max(runs, (r) => r.wall_ns)));
      fact("Threads", count(d3.sum(runs, (r) => r.threads)));
      fact("Measured time", duration(data.measured_ns));
    }
    header
      .append("p")
      .attr("class", "note")
      .text(
        "Measured time is the time spent in timed functions, summed over all threads" +
          (runs.length > 1 ? " and processes" : "") +
          "; percentages are of it. " +
          data.timing_note.replace(/\n/g, " "),
      );
    if (runs.length > 1 && runs.some((r) => r.dump || r.recorded))
      header
        .append("p")
        .attr("class", "note")
        .text(
          "Of these, " +
            runs
              .filter((r) => r.dump || r.recorded)
              .map((r) => `${basename(r.file)}: ${[r.dump ? "a dump" : "", r.recorded ? `recorded ${r.recorded}` : ""].filter((s) => s).join(", ")}`)
              .join("; ") +
            ".",
        );
    if (runs.some((r) => r.incomplete))
      header
        .append("p")
        .attr("class", "note")
        .text("Written while other threads were still running: their unfinished calls are missing.");
    if (runs.length > 1) {
      table(
        header,
        [
          placeColumn("profile", (r) => r.file),
          { title: "program", value: (r) => r.program, cls: "name" },
          { title: "pid", value: (r) => r.pid, num: true },
          { title: "host", value: (r) => r.host },
          { title: "wall time", value: (r) => r.wall_ns, text: (r) => duration(r.wall_ns), num: true },
          { title: "threads", value: (r) => r.threads, num: true },
        ],
        runs,
        { limit: 10, id: "runs-table" },
      );
    }
  }

  function bottlenecks() {
    const element = section("bottlenecks", "Bottlenecks and suggestions");
    if (data.bottlenecks.length === 0) {
      missingLine(element, `Nothing takes ${data.threshold_percent}% or more of the time.`);
    } else {
      element
        .append("p")
        .attr("class", "note")
        .text(`What takes ${data.threshold_percent}% or more of the time, largest share first.`);
      table(
        element,
        [
          { title: "kind", value: (b) => b.kind },
          { title: "name", value: (b) => b.short_name || b.name, cls: "name", tip: (b) => b.name },
          placeColumn("location", (b) => b.location),
          { title: "time", value: (b) => b.time_ns, text: (b) => duration(b.time_ns), num: true },
          {
            title: "share",
            value: (b) => b.percent,
            text: (b) => percent(b.percent) + " of " + b.of,
            num: true,
          },
          { title: "detail", value: (b) => b.detail, cls: "wrap" },
        ],
        data.bottlenecks,
        { id: "bottlenecks-table" },
      );
    }
    element.append("h3").text("Suggestions");
    if (data.suggestions.length === 0) {
      missingLine(element, "The report's rules found nothing to change (docs/report-rules.md lists them).");
      return;
    }
    const items = element
      .append("ul")
      .attr("class", "suggestions")
      .attr("id", "suggestions")
      .selectAll("li")
      .data(data.suggestions)
      .join("li");
    const first = items.append("div");
    first
      .append("span")
      .attr("class", "rule")
      .text((s) => "[" + s.rule + "] ");
    first
      .append("span")
      .attr("class", "where")
      .text((s) => (s.location ? s.location + ": " : ""));
    first.append("span").text((s) => s.finding);
    items
      .append("ul")
      .selectAll("li")
      .data((s) => s.evidence)
      .join("li")
      .text((e) => e);
    items
      .append("p")
      .attr("class", "change")
      .text((s) => s.suggestion);
  }

  function flameGraph() {
    const tree = data.tree;
    const element = section(
      "flamegraph",
      "Flame graph",
      tree.function.length === 0 ? missing.functions || "No timed call took any time." : null,
    );
    if (tree.function.length === 0) return;
    const names = data.functions.short_name;
    element
      .append("p")
      .attr("class", "note")
      .text(
        "The call tree, merged across threads: each frame is a function called from the one below it, " +
          "as wide as its total time. Click a frame to zoom into it; hover for its times.",
      );
    const toolbar = element.append("div").attr("class", "toolbar");
    const search = toolbar
      .append("input")
      .attr("type", "search")
      .attr("placeholder", "Highlight functions containing…");
    const reset = toolbar.append("button").text("Reset zoom");
    const details = toolbar.append("div").attr("class", "details");
    const chartElement = element.append("div").attr("id", "flame-chart");

    const root = { name: "all threads", value: tree.total_ns, self: 0, calls: 0, children: [] };
    const nodes = new Array(tree.function.length);
    for (let i = 0; i < nodes.length; ++i) {
      nodes[i] = {
        name: names[tree.function[i]] + (tree.inlined[i] ? " [inlined]" : ""),
        inlined: tree.inlined[i] === 1,
        value: tree.inclusive_ns[i],
        self: tree.exclusive_ns[i],
        calls: tree.calls[i],
        children: [],
      };
      (tree.parent[i] < 0 ? root : nodes[tree.parent[i]]).children.push(nodes[i]);
    }
    const total = tree.total_ns || 1;
    const label = (d) =>
      `${d.data.name}: ${duration(d.data.value)} total (${percent((100 * d.data.value) / total)}), ` +
      `${duration(d.data.self)} self, ` +
      (d.data.inlined && !d.data.calls ? "inlined into its caller" : `${count(d.data.calls)} calls`);
    const chart = flamegraph
      .default()
      .width(chartElement.node().clientWidth || 1200)
      .cellHeight(18)
      .transitionDuration(250)
      .minFrameSize(1)
      .setLabelHandler(label)
      .setDetailsElement(details.node())
      .setSearchMatch((d, term) => !!term && d.data.name.toLowerCase().includes(term.toLowerCase()))
      .setSearchHandler((results, sum) => {
        details.text(
          search.property("value")
            ? `${count(results.length)} frames match, ${duration(sum)} (${percent((100 * sum) / total)})`
            : "",
        );
      });
    chartElement.datum(root).call(chart);
    search.on("input", () => {
      const term = search.property("value");
      if (term) chart.search(term);
      else chart.clear();
    });
    reset.on("click", () => chart.resetZoom());
    window.addEventListener("resize", () => {
      const width = chartElement.node().clientWidth;
      if (width && width !== chart.width()) chart.width(width).update();
    });
  }

  function functions() {
    const f = data.functions;
    const element = section("functions", "Functions", missing.functions);
    if (missing.functions) return;
    const rows = d3.range(f.name.length);
    const timed = (i) => f.timed[i] === 1;
    const time = (column) => (i) => (timed(i) ? duration(column[i]) : "-");
    const share = (column) => (i) => (timed(i) ? percent((100 * column[i]) / (data.measured_ns || 1)) : "-");
    element
      .append("p")
      .attr("class", "note")
      .text(
        `${count(rows.length)} functions. "-": counted but not timed (inlined, or too short to time); ` +
          "their time is part of their callers'. *: timing stopped once its calls proved too short to time; " +
          "the later calls' time is estimated at the timed calls' mean." +
          (f.p99_ns ? " p50, p99 and longest: single calls' times, callees included (HOTLINE_HISTOGRAMS)." : ""),
      );
    table(
      element,
      [
        {
          title: "function",
          value: (i) => f.short_name[i] + (f.timing_stopped[i] ? " *" : ""),
          cls: "name",
          tip: (i) => f.name[i],
        },
        placeColumn("location", (i) => place(f.files[f.file[i]], f.line[i])),
        { title: "self", value: (i) => f.self_ns[i], text: time(f.self_ns), num: true },
        { title: "self%", value: (i) => f.self_ns[i], text: share(f.self_ns), num: true },
        { title: "total", value: (i) => f.total_ns[i], text: time(f.total_ns), num: true },
        { title: "total%", value: (i) => f.total_ns[i], text: share(f.total_ns), num: true },
        { title: "calls", value: (i) => f.calls[i], text: (i) => count(f.calls[i]), num: true },
        // With HOTLINE_HISTOGRAMS: single calls' durations.
        ...(f.p99_ns
          ? [
              ["p50", f.p50_ns],
              ["p99", f.p99_ns],
              ["longest", f.longest_ns],
            ].map(([title, column]) => ({
              title,
              value: (i) => column[i],
              text: (i) => (f.duration_calls[i] ? duration(column[i]) : "-"),
              num: true,
            }))
          : []),
      ],
      rows,
      { limit: 50, sort: 2, id: "functions-table" },
    );
  }

  function lineMode() {
    if (data.lines.lines.length === 0 && data.loops.length === 0) {
      section("lines", "Lines, loops and source", missing.lines);
      return;
    }
    lines();
    loops();
    source();
  }

  function lines() {
    const element = section("lines", "Lines", missing.lines);
    if (missing.lines) return;
    const l = data.lines;
    element
      .append("p")
      .attr("class", "note")
      .text(
        (l.sampled
          ? `Times are sampled: ${count(l.samples)} samples of CPU time, one every ${duration(l.sample_period_ns)} per thread. `
          : "No CPU time was sampled. ") +
          `Counts are exact. The hottest ${count(l.lines.length)} of ${count(l.line_count)} lines.`,
      );
    table(
      element,
      [
        placeColumn("line", (r) => place(r.file, r.line)),
        { title: "function", value: (r) => r.short_function || r.function, cls: "name", tip: (r) => r.function },
        {
          title: "count",
          value: (r) => (r.counted ? r.count : -1),
          text: (r) => (r.counted ? count(r.count) : "-"),
          num: true,
        },
        {
          title: "time",
          value: (r) => r.time_ns,
          text: (r) => (r.time_ns ? duration(r.time_ns) : ""),
          num: true,
        },
        {
          title: "time%",
          value: (r) => r.percent,
          text: (r) => (r.time_ns ? percent(r.percent) : ""),
          num: true,
        },
        placeColumn("loop", (r) => r.loop),
      ],
      l.lines,
      { limit: 25, id: "lines-table" },
    );
  }

  function loops() {
    const element = section("loops", "Loops", missing.loops);
    if (missing.loops) return;
    element
      .append("p")
      .attr("class", "note")
      .text(
        "Entries and iterations are exact; ~ marks time sampled on the loop's lines (innermost loops without calls are not timed).",
      );
    table(
      element,
      [
        placeColumn("loop", (r) => place(r.file, r.line)),
        { title: "function", value: (r) => r.short_function, cls: "name", tip: (r) => r.function },
        { title: "entries", value: (r) => r.entries, text: (r) => count(r.entries), num: true },
        { title: "iterations", value: (r) => r.iterations, text: (r) => count(r.iterations), num: true },
        { title: "max trips", value: (r) => r.max_trips, text: (r) => count(r.max_trips), num: true },
        {
          title: "time",
          value: (r) => r.time_ns,
          text: (r) => (r.sampled ? "~" : "") + duration(r.time_ns),
          num: true,
        },
        { title: "time%", value: (r) => r.percent, text: (r) => percent(r.percent), num: true },
        { title: "optimizer", value: (r) => r.optimizer || "-", cls: "wrap" },
      ],
      data.loops,
      { limit: 25, id: "loops-table" },
    );
  }

  function source() {
    const element = section("source", "Annotated source", missing.annotated);
    if (missing.annotated) return;
    element
      .append("p")
      .attr("class", "note")
      .text(
        "Each line with how often it ran (exact; ##### never) and the CPU time sampled on it; the hotter, the redder.",
      );
    const heat = d3
      .scaleLinear()
      .domain([0, 25])
      .range(["rgba(253,226,208,0)", "rgba(249,115,22,0.55)"])
      .clamp(true);
    for (const f of data.annotated) {
      const block = element.append("div").attr("class", "source");
      block
        .append("h3")
        .text(
          `${f.function} (${place(f.file, f.lines.length ? f.lines[0][0] : 0)}): ${percent(f.percent)} of the samples`,
        );
      const loopsAt = d3.group(f.loops, (loop) => loop.line);
      const rows = [];
      for (const line of f.lines) {
        rows.push({ line });
        for (const loop of loopsAt.get(line[0]) || []) rows.push({ loop });
      }
      const sourceTable = block.append("div").attr("class", "scroll").append("table");
      // The same columns in every function's table: count, time, time%, line, source.
      sourceTable
        .append("colgroup")
        .selectAll("col")
        .data([110, 80, 60, 50, null])
        .join("col")
        .style("width", (width) => (width ? width + "px" : null));
      const body = sourceTable.append("tbody");
      const tr = body
        .selectAll("tr")
        .data(rows)
        .join("tr")
        .attr("class", (r) => (r.loop ? "loop" : null))
        .style("background", (r) => (r.line && r.line[4] > 0 ? heat(r.line[4]) : null));
      tr.filter((r) => r.loop)
        .append("td")
        .attr("colspan", 5)
        .text(
          (r) =>
            `loop: entered ${count(r.loop.entries)}, ${count(r.loop.iterations)} iterations, ${duration(r.loop.time_ns)}` +
            (r.loop.optimizer ? "; " + r.loop.optimizer : ""),
        );
      const code = tr.filter((r) => r.line);
      code
        .append("td")
        .attr("class", (r) => (r.line[2] === 0 ? "num never" : "num"))
        .text((r) => (r.line[2] === null ? "" : r.line[2] === 0 ? "#####" : count(r.line[2])));
      code
        .append("td")
        .attr("class", "num")
        .text((r) => (r.line[3] ? duration(r.line[3]) : ""));
      code
        .append("td")
        .attr("class", "num")
        .text((r) => (r.line[3] ? percent(r.line[4]) : ""));
      code
        .append("td")
        .attr("class", "num")
        .text((r) => r.line[0]);
      code
        .append("td")
        .attr("class", "code")
        .text((r) => r.line[1]);
    }
  }

  // Lines over a run's time: series are {label, points: [[ns, value]]}.
  function lineChart(parent, series, xMax, yFormat) {
    const width = parent.node().clientWidth || 1200;
    const height = 150;
    const margin = { top: 8, right: 20, bottom: 24, left: 72 };
    const color = d3.scaleOrdinal(d3.schemeTableau10);
    const legend = parent.append("div").attr("class", "legend");
    legend
      .selectAll("span")
      .data(series)
      .join("span")
      .style("--swatch", (s, i) => color(i))
      .text((s) => s.label);
    const svg = parent.append("svg").attr("class", "chart").attr("width", width).attr("height", height);
    const x = d3
      .scaleLinear()
      .domain([0, xMax || 1])
      .range([margin.left, width - margin.right]);
    const yMax = d3.max(series, (s) => d3.max(s.points, (p) => p[1])) || 1;
    const y = d3
      .scaleLinear()
      .domain([0, yMax])
      .nice()
      .range([height - margin.bottom, margin.top]);
    svg
      .append("g")
      .attr("class", "axis")
      .attr("transform", `translate(0,${height - margin.bottom})`)
      .call(d3.axisBottom(x).ticks(8).tickFormat(duration));
    svg
      .append("g")
      .attr("class", "axis")
      .attr("transform", `translate(${margin.left},0)`)
      .call(d3.axisLeft(y).ticks(4).tickFormat(yFormat));
    const line = d3
      .line()
      .x((p) => x(p[0]))
      .y((p) => y(p[1]));
    svg
      .selectAll("path.series")
      .data(series)
      .join("path")
      .attr("class", "series")
      .attr("stroke", (s, i) => color(i))
      .attr("d", (s) => line(s.points));
    series.forEach((s, i) => {
      if (s.points.length > 300) return;
      svg
        .append("g")
        .selectAll("circle")
        .data(s.points)
        .join("circle")
        .attr("cx", (p) => x(p[0]))
        .attr("cy", (p) => y(p[1]))
        .attr("r", 2.5)
        .attr("fill", color(i))
        .append("title")
        .text((p) => `${s.label} at ${duration(p[0])}: ${yFormat(p[1])}`);
    });
  }

  function memory() {
    const element = section(
      "memory",
      "Memory",
      missing.memory && missing.memory_over_time ? missing.memory : null,
    );
    if (missing.memory && missing.memory_over_time) {
      missingLine(element, missing.memory_over_time);
      return;
    }
    if (missing.memory) {
      missingLine(element, missing.memory);
    } else {
      const m = data.memory;
      const h = m.heap;
      const facts = element.append("dl").attr("class", "facts");
      const fact = (name, value) => {
        const item = facts.append("div");
        item.append("dt").text(name);
        item.append("dd").text(value);
      };
      fact("Heap", `${count(h.allocations)} allocations, ${bytes(h.allocated_bytes)}`);
      if (h.inherited_blocks > 0)
        fact("Inherited", `${count(h.inherited_blocks)} blocks, ${bytes(h.inherited_bytes)}, live at the fork in forked children`);
      fact("Frees", `${count(h.frees)}, ${bytes(h.freed_bytes)}`);
      fact("Not freed", `${count(h.not_freed)} blocks, ${bytes(h.not_freed_bytes)}`);
      fact("Peak live heap", bytes(h.peak_live_bytes));
      fact("Peak RSS", bytes(h.peak_rss_bytes));
      element.append("h3").text("Top allocation sites");
      element
        .append("p")
        .attr("class", "note")
        .text(
          `The ${count(m.places.length)} of ${count(m.place_count)} places that allocated the most bytes. ` +
            "Temporaries are blocks freed before the call that allocated them returned.",
        );
      table(
        element,
        [
          placeColumn("place", (p) => place(p.file, p.line)),
          {
            title: "function",
            value: placeFunction,
            cls: "name",
            tip: (p) => p.function,
          },
          {
            title: "allocated",
            value: (p) => p.allocated_bytes,
            text: (p) => bytes(p.allocated_bytes),
            num: true,
          },
          { title: "allocs", value: (p) => p.allocations, text: (p) => count(p.allocations), num: true },
          { title: "frees", value: (p) => p.frees, text: (p) => count(p.frees), num: true },
          {
            title: "not freed",
            value: (p) => p.not_freed_bytes,
            text: (p) => bytes(p.not_freed_bytes),
            num: true,
          },
          { title: "temporaries", value: (p) => p.temporaries, text: (p) => count(p.temporaries), num: true },
          {
            title: "peak live",
            value: (p) => p.peak_live_bytes,
            text: (p) => bytes(p.peak_live_bytes),
            num: true,
          },
          placeColumn("loop", (p) => p.loop),
        ],
        m.places,
        { limit: 15, sort: 2, id: "memory-table" },
      );
    }
    element.append("h3").text("Memory over time");
    if (missing.memory_over_time) {
      missingLine(element, missing.memory_over_time);
      return;
    }
    const profiles = data.system.profiles.filter((p) => p.samples.length > 0);
    const several = profiles.length > 1;
    const xMax = d3.max(profiles, (p) => p.wall_ns);
    const series = (label, value) =>
      profiles.map((p) => ({
        label: several ? `${label}, ${p.file}` : label,
        points: p.samples.map((s) => [s.time_ns, value(s)]),
      }));
    const charts = element.append("div").attr("id", "memory-over-time");
    lineChart(
      charts.append("div"),
      series("resident memory (RSS)", (s) => s.rss_bytes),
      xMax,
      bytes,
    );
    if (profiles.some((p) => p.gpu_measured))
      lineChart(
        charts.append("div"),
        series("GPU memory, all GPUs", (s) => s.gpu_memory_bytes),
        xMax,
        bytes,
      );
    lineChart(
      charts.append("div"),
      series("CPU (100% = one core)", (s) => s.cpu_percent),
      xMax,
      (v) => v + "%",
    );
  }

  const kTransferKinds = [
    "",
    "host to device",
    "device to host",
    "device to device",
    "host to host",
    "peer to peer",
    "other copy",
    "memset",
  ];

  // Each device's kernels and transfers over the run, one lane each; work that
  // ran back to back is one bar (html.cpp merges what a pixel could not show).
  function gpuTimeline(parent, device, names) {
    const color = d3.scaleOrdinal(d3.schemeTableau10);
    const width = parent.node().clientWidth || 1200;
    const lane = 24;
    const margin = { top: 4, right: 20, bottom: 24, left: 90 };
    const height = margin.top + 2 * lane + margin.bottom;
    const kernelNames = [...new Set(device.kernels.map((b) => b[3]))];
    const legend = parent.append("div").attr("class", "legend");
    legend
      .selectAll("span")
      .data(kernelNames.slice(0, 10))
      .join("span")
      .style("--swatch", (w) => color(w))
      .text((w) => names[w]);
    const svg = parent
      .append("svg")
      .attr("class", "chart timeline")
      .attr("width", width)
      .attr("height", height);
    const x = d3
      .scaleLinear()
      .domain([0, device.wall_ns || 1])
      .range([margin.left, width - margin.right]);
    svg
      .append("g")
      .attr("class", "axis")
      .attr("transform", `translate(0,${margin.top + 2 * lane})`)
      .call(d3.axisBottom(x).ticks(10).tickFormat(duration));
    const lanes = [
      { title: "kernels", bars: device.kernels, what: (w) => names[w], fill: (w) => color(w) },
      {
        title: "transfers",
        bars: device.transfers,
        what: (w) => kTransferKinds[w] || "transfer",
        fill: (w) => d3.schemeSet2[w % 8],
      },
    ];
    lanes.forEach((l, i) => {
      const top = margin.top + i * lane;
      svg
        .append("text")
        .attr("x", margin.left - 8)
        .attr("y", top + lane / 2 + 4)
        .attr("text-anchor", "end")
        .text(l.title);
      svg
        .append("g")
        .selectAll("rect")
        .data(l.bars)
        .join("rect")
        .attr("class", "bar")
        .attr("x", (b) => x(b[0]))
        .attr("y", top + 3)
        .attr("width", (b) => Math.max(1, x(b[1]) - x(b[0])))
        .attr("height", lane - 6)
        .attr("fill", (b) => l.fill(b[3]))
        .append("title")
        .text(
          (b) =>
            (b[2] === 1
              ? l.what(b[3])
              : `${count(b[2])} ${l.title} back to back, the longest ${l.what(b[3])}`) +
            `: ${duration(b[0])} to ${duration(b[1])}`,
        );
    });
  }

  function gpu() {
    const element = section("gpu", "GPU", missing.gpu);
    if (missing.gpu) return;
    const g = data.gpu;
    for (const cuda of g.cuda) element.append("p").attr("class", "note").text(cuda.status);
    const timelines = element.append("div").attr("id", "gpu-timeline");
    for (const device of data.gpu_timeline.devices) {
      const busy = g.devices.find((d) => d.profile === device.profile && d.device === device.device);
      timelines
        .append("h3")
        .text(
          `Device ${device.device}${device.name ? " (" + device.name + ")" : ""}` +
            (data.runs.length > 1 ? " in " + device.profile : ""),
        );
      timelines
        .append("p")
        .text(
          `${count(device.kernel_count)} kernels and ${count(device.transfer_count)} transfers` +
            (busy
              ? `; busy ${duration(busy.busy_ns)}, ${percent(busy.busy_percent)} of the run's ` +
                `${duration(busy.wall_ns)}, idle ${duration(busy.idle_ns)}.`
              : "."),
        );
      gpuTimeline(timelines, device, data.gpu_timeline.kernel_names);
    }
    element.append("h3").text("Kernels");
    element
      .append("p")
      .attr("class", "note")
      .text(
        `${duration(g.kernel_ns)} of GPU time in ${count(g.launches)} launches of ${count(g.kernel_count)} kernels.`,
      );
    table(
      element,
      [
        { title: "kernel", value: (k) => k.name, cls: "name", tip: (k) => k.name },
        { title: "GPU time", value: (k) => k.gpu_ns, text: (k) => duration(k.gpu_ns), num: true },
        { title: "share", value: (k) => k.percent, text: (k) => percent(k.percent), num: true },
        { title: "launches", value: (k) => k.launches, text: (k) => count(k.launches), num: true },
        { title: "mean", value: (k) => k.mean_ns, text: (k) => duration(k.mean_ns), num: true },
        { title: "min", value: (k) => k.min_ns, text: (k) => duration(k.min_ns), num: true },
        { title: "max", value: (k) => k.max_ns, text: (k) => duration(k.max_ns), num: true },
        placeColumn("launched from", (k) => launchSite(k.launch_site)),
      ],
      g.top_kernels,
      { limit: 20, sort: 1, id: "kernels-table" },
    );
    if (g.transfers.length === 0) return;
    element.append("h3").text("Transfers");
    table(
      element,
      [
        { title: "direction", value: (t) => t.direction },
        { title: "count", value: (t) => t.count, text: (t) => count(t.count), num: true },
        { title: "bytes", value: (t) => t.bytes, text: (t) => bytes(t.bytes), num: true },
        { title: "GPU time", value: (t) => t.gpu_ns, text: (t) => duration(t.gpu_ns), num: true },
        {
          title: "bandwidth",
          value: (t) => t.bytes_per_s,
          text: (t) => bytes(t.bytes_per_s) + "/s",
          num: true,
        },
        {
          title: "pageable",
          value: (t) => t.pageable_bytes,
          text: (t) => bytes(t.pageable_bytes),
          num: true,
        },
      ],
      g.transfers,
      { limit: 10, id: "transfers-table" },
    );
  }

  function launchSite(site) {
    if (!site.known) return "unknown launch site";
    return site.file
      ? place(site.file, site.line) + (site.function ? " " + site.function : "")
      : site.function || "-";
  }

  function io() {
    const element = section("io", "I/O", missing.io);
    if (missing.io) return;
    const t = data.io.total;
    element
      .append("p")
      .text(
        `Read ${bytes(t.read_bytes)} in ${count(t.reads)} calls, wrote ${bytes(t.write_bytes)} in ${count(t.writes)} calls; ` +
          `blocked ${duration(t.time_ns)} in all.`,
      );
    for (const thread of data.io.main_threads)
      element
        .append("p")
        .text(
          `Main thread${data.runs.length > 1 ? " of " + thread.profile : ""} blocked in I/O for ` +
            `${percent(thread.blocked_percent)} of its ${duration(thread.wall_ns)} (${duration(thread.io_ns)}).`,
        );
    element.append("h3").text("Files");
    table(
      element,
      [
        placeColumn("file", (f) => f.path || "(unnamed descriptor)"),
        { title: "time", value: (f) => f.time_ns, text: (f) => duration(f.time_ns), num: true },
        { title: "reads", value: (f) => f.reads, text: (f) => count(f.reads), num: true },
        { title: "read", value: (f) => f.read_bytes, text: (f) => bytes(f.read_bytes), num: true },
        { title: "writes", value: (f) => f.writes, text: (f) => count(f.writes), num: true },
        { title: "written", value: (f) => f.write_bytes, text: (f) => bytes(f.write_bytes), num: true },
        { title: "opens", value: (f) => f.opens, text: (f) => count(f.opens), num: true },
      ],
      data.io.files,
      { limit: 15, sort: 1, id: "io-files-table" },
    );
    element.append("h3").text("Places");
    table(
      element,
      [
        placeColumn("place", (p) => place(p.file, p.line)),
        {
          title: "function",
          value: placeFunction,
          cls: "name",
          tip: (p) => p.function,
        },
        { title: "time", value: (p) => p.time_ns, text: (p) => duration(p.time_ns), num: true },
        { title: "reads", value: (p) => p.reads, text: (p) => count(p.reads), num: true },
        { title: "read", value: (p) => p.read_bytes, text: (p) => bytes(p.read_bytes), num: true },
        { title: "writes", value: (p) => p.writes, text: (p) => count(p.writes), num: true },
        { title: "written", value: (p) => p.write_bytes, text: (p) => bytes(p.write_bytes), num: true },
        placeColumn("loop", (p) => p.loop),
      ],
      data.io.places,
      { limit: 15, sort: 2, id: "io-places-table" },
    );
  }

  // Regions (HOTLINE_REGION and the category macros), ranges and categories: only when the
  // program marked any.
  function regions() {
    if (!data.regions) return;
    const r = data.regions;
    const element = section("regions", "Regions");
    if (r.regions.length > 0) {
      element.append("h3").text("Regions");
      table(
        element,
        [
          { title: "region", value: (x) => x.path, cls: "name" },
          { title: "category", value: (x) => x.category },
          { title: "entries", value: (x) => x.entries, text: (x) => count(x.entries), num: true },
          { title: "inclusive", value: (x) => x.inclusive_ns, text: (x) => duration(x.inclusive_ns), num: true },
          { title: "exclusive", value: (x) => x.exclusive_ns, text: (x) => duration(x.exclusive_ns), num: true },
          { title: "I/O", value: (x) => x.io_ns, text: (x) => duration(x.io_ns), num: true },
          { title: "waits", value: (x) => x.sync_ns, text: (x) => duration(x.sync_ns), num: true },
          { title: "GPU", value: (x) => x.gpu_ns, text: (x) => duration(x.gpu_ns), num: true },
          { title: "wall%", value: (x) => x.wall_percent, text: (x) => percent(x.wall_percent), num: true },
        ],
        r.regions,
        { limit: 30, id: "regions-table" },
      );
    }
    // As the text report: the categories when some time is in one other than "other".
    const categories = r.categories.filter((x) => x.all_ns > 0);
    if (categories.some((x) => x.category !== "other")) {
      element.append("h3").text("Categories");
      table(
        element,
        [
          { title: "category", value: (x) => x.category },
          { title: "main threads", value: (x) => x.main_ns, text: (x) => duration(x.main_ns), num: true },
          { title: "main%", value: (x) => x.main_percent, text: (x) => percent(x.main_percent), num: true },
          { title: "all threads", value: (x) => x.all_ns, text: (x) => duration(x.all_ns), num: true },
          { title: "all%", value: (x) => x.all_percent, text: (x) => percent(x.all_percent), num: true },
        ],
        categories,
        { sort: 3, id: "categories-table" },
      );
    }
    if (r.ranges.length > 0) {
      element.append("h3").text("Ranges");
      table(
        element,
        [
          { title: "range", value: (x) => x.name, cls: "name" },
          { title: "count", value: (x) => x.count, text: (x) => count(x.count), num: true },
          { title: "time", value: (x) => x.ns, text: (x) => duration(x.ns), num: true },
          { title: "shortest", value: (x) => x.min_ns, text: (x) => duration(x.min_ns), num: true },
          { title: "longest", value: (x) => x.max_ns, text: (x) => duration(x.max_ns), num: true },
        ],
        r.ranges,
        { sort: 2, id: "ranges-table" },
      );
    }
  }

  // Where threads waited on locks, condition variables, joins and barriers.
  function waits() {
    if (!data.synchronization) return;
    const s = data.synchronization;
    const element = section("waits", "Waits");
    element
      .append("p")
      .text(`${count(s.waits)} waits, ${duration(s.wait_ns)} in all (${duration(s.main_wait_ns)} on main threads).`);
    table(
      element,
      [
        placeColumn("place", (p) => place(p.file, p.line)),
        { title: "function", value: (p) => p.short_function || p.function, cls: "name", tip: (p) => p.function },
        { title: "kind", value: (p) => p.kind },
        { title: "waits", value: (p) => p.waits, text: (p) => count(p.waits), num: true },
        { title: "time", value: (p) => p.wait_ns, text: (p) => duration(p.wait_ns), num: true },
        placeColumn("loop", (p) => p.loop),
      ],
      s.top_places,
      { limit: 15, sort: 4, id: "waits-table" },
    );
  }

  // MPI calls by function and by place.
  function mpi() {
    if (!data.mpi) return;
    const m = data.mpi;
    const element = section("mpi", "MPI");
    element
      .append("p")
      .text(`${count(m.calls)} MPI calls took ${duration(m.ns)} and moved ${bytes(m.bytes)}.`);
    table(
      element,
      [
        { title: "function", value: (f) => f.short_function || f.function, cls: "name", tip: (f) => f.function },
        { title: "calls", value: (f) => f.calls, text: (f) => count(f.calls), num: true },
        { title: "time", value: (f) => f.ns, text: (f) => duration(f.ns), num: true },
        { title: "bytes", value: (f) => f.bytes, text: (f) => bytes(f.bytes), num: true },
      ],
      m.functions,
      { sort: 2, id: "mpi-functions-table" },
    );
    table(
      element,
      [
        placeColumn("place", (p) => place(p.file, p.line)),
        { title: "function", value: (p) => p.short_function || p.function, cls: "name", tip: (p) => p.function },
        { title: "MPI function", value: (p) => p.mpi_function },
        { title: "calls", value: (p) => p.calls, text: (p) => count(p.calls), num: true },
        { title: "time", value: (p) => p.ns, text: (p) => duration(p.ns), num: true },
      ],
      m.top_places,
      { limit: 15, sort: 4, id: "mpi-places-table" },
    );
  }

  // The ranks of a job (or the processes) compared: each one's time, and what is imbalanced.
  function ranks() {
    if (!data.ranks) return;
    const r = data.ranks;
    const element = section("ranks", "Ranks");
    if (r.slowest) element.append("p").text(r.slowest.text);
    table(
      element,
      [
        { title: "rank", value: (x) => (x.rank === undefined ? x.label : x.rank), text: (x) => x.label },
        { title: "wall", value: (x) => x.wall_ns, text: (x) => duration(x.wall_ns), num: true },
        { title: "in MPI", value: (x) => x.mpi_ns, text: (x) => duration(x.mpi_ns), num: true },
        { title: "outside MPI", value: (x) => x.outside_mpi_ns, text: (x) => duration(x.outside_mpi_ns), num: true },
        { title: "most MPI time in", value: (x) => x.top_mpi_function || "-" },
      ],
      r.ranks,
      { id: "ranks-table" },
    );
    element.append("h3").text("Imbalance");
    table(
      element,
      [
        { title: "kind", value: (s) => s.kind },
        { title: "name", value: (s) => s.name, cls: "name" },
        { title: "least", value: (s) => s.min_ns, text: (s) => duration(s.min_ns) + " on " + s.min_on, num: true },
        { title: "mean", value: (s) => s.mean_ns, text: (s) => duration(s.mean_ns), num: true },
        { title: "most", value: (s) => s.max_ns, text: (s) => duration(s.max_ns) + " on " + s.max_on, num: true },
        { title: "imbalance", value: (s) => s.imbalance, text: (s) => s.imbalance.toFixed(2), num: true },
      ],
      r.imbalance,
      { limit: 15, sort: 5, id: "imbalance-table" },
    );
  }

  // Measures over the runs of a history (`hotline html --history`), each with its change points
  // and what moved with them, as `hotline history trend` finds them: html.cpp computes it all,
  // this draws it.
  const byUnit = { ns: duration, bytes, count, J: (j) => j.toPrecision(3) + " J" };
  const signedPercent = (fraction) => (fraction >= 0 ? "+" : "") + (100 * fraction).toFixed(1) + "%";
  const measureLabel = (kind, name) => (name ? kind + " " + name : kind);
  // "run 20 (commit 4097518a2c+, dataset=a)", as `hotline history` names a run.
  function runLabel(run) {
    const facts = [];
    if (run.commit) facts.push("commit " + run.commit.slice(0, 10) + (run.dirty ? "+" : ""));
    const tags = Object.entries(run.tags).map(([key, value]) => key + "=" + value);
    if (tags.length) facts.push(tags.join(","));
    return `run ${run.id}` + (facts.length ? ` (${facts.join(", ")})` : "");
  }
  const changeText = (format, c) =>
    `${format(c.before)} -> ${format(c.after)}, ${signedPercent(c.change)} ` +
    `[${signedPercent(c.change_low)}, ${signedPercent(c.change_high)}] (95% CI), p ${c.p_value.toPrecision(2)}`;

  function history() {
    if (!data.history) return;
    const h = data.history;
    const element = section("history", "History", missing.history);
    if (missing.history) return;
    const runs = new Map(h.runs.map((run) => [run.id, run]));
    element
      .append("p")
      .attr("class", "note")
      .text(
        `${count(h.runs.length)} runs of ${h.name}${h.where ? " that meet " + h.where : ""}, oldest first. ` +
          "A change point (dashed line) is where the runs after differ from those before: found by " +
          `E-divisive means and confirmed by a rank test, p ≤ ${h.significance}; the grey steps are the ` +
          "medians between change points. Moved with it: the measures whose runs differ across the same " +
          `runs (p ≤ ${h.moved_significance}, by more than ${h.moved_floor_percent}% of the median wall time).`,
      );
    const charts = element.append("div").attr("id", "history-charts").attr("data-runs", h.runs.length);
    h.trends.forEach((trend, i) => trendChart(charts.append("div").attr("class", "trend"), trend, runs, i));
  }

  // One measure over the runs: x is the runs' order (labelled with their ids), y its value.
  function trendChart(parent, trend, runs, index) {
    const format = byUnit[trend.unit] || count;
    const n = trend.run.length;
    parent.append("h3").text(`${measureLabel(trend.kind, trend.name)} over ${count(n)} runs`);
    const width = parent.node().clientWidth || 1200;
    const height = 200;
    const margin = { top: 22, right: 24, bottom: 28, left: 72 };
    const svg = parent
      .append("svg")
      .attr("class", "chart trend")
      .attr("width", width)
      .attr("height", height)
      .attr("data-kind", trend.kind)
      .attr("data-name", trend.name);
    const x = d3
      .scaleLinear()
      .domain([0, Math.max(n - 1, 1)])
      .range([margin.left, width - margin.right]);
    const [low, high] = d3.extent(trend.value);
    const pad = (high - low) * 0.1 || Math.abs(high) * 0.05 || 1;
    const y = d3
      .scaleLinear()
      .domain([low >= 0 ? Math.max(0, low - pad) : low - pad, high + pad])
      .nice()
      .range([height - margin.bottom, margin.top]);
    svg
      .append("g")
      .attr("class", "axis")
      .attr("transform", `translate(0,${height - margin.bottom})`)
      .call(
        d3
          .axisBottom(x)
          .tickValues(d3.range(0, n, Math.ceil(n / 25)))
          .tickFormat((i) => trend.run[i]),
      );
    svg
      .append("g")
      .attr("class", "axis")
      .attr("transform", `translate(${margin.left},0)`)
      .call(d3.axisLeft(y).ticks(4).tickFormat(format));
    svg
      .append("g")
      .selectAll("path")
      .data(trend.levels)
      .join("path")
      .attr("class", "level")
      .attr("d", ([from, to, value]) => `M${x(from)},${y(value)}H${x(Math.min(to, n - 1))}`)
      .append("title")
      .text(([from, to, value]) => `median of runs ${trend.run[from]} to ${trend.run[to - 1]}: ${format(value)}`);
    svg
      .append("path")
      .attr("class", "series")
      .attr(
        "d",
        d3
          .line()
          .x((v, i) => x(i))
          .y((v) => y(v))(trend.value),
      );
    if (n <= 500)
      svg
        .append("g")
        .selectAll("circle")
        .data(trend.value)
        .join("circle")
        .attr("class", "point")
        .attr("data-run", (v, i) => trend.run[i])
        .attr("cx", (v, i) => x(i))
        .attr("cy", (v) => y(v))
        .attr("r", 3)
        .append("title")
        .text((v, i) => {
          const run = runs.get(trend.run[i]);
          return `${runLabel(run)}, started ${new Date(run.start_unix_ns / 1e6).toISOString()}: ${format(v)}`;
        });
    // At the first run of each new level: a dashed line, the change on top, the rest on hover.
    const markers = svg
      .append("g")
      .selectAll("g")
      .data(trend.change_points)
      .join("g")
      .attr("class", "change-point")
      .attr("data-run", (c) => c.run)
      .attr("transform", (c) => `translate(${x(c.position)},0)`);
    markers.append("line").attr("y1", margin.top).attr("y2", height - margin.bottom);
    markers
      .append("rect")
      .attr("x", -5)
      .attr("y", margin.top)
      .attr("width", 10)
      .attr("height", height - margin.top - margin.bottom);
    markers
      .append("text")
      .attr("y", margin.top - 8)
      .attr("text-anchor", "middle")
      .text((c) => `run ${c.run}: ${signedPercent(c.change)}`);
    markers.append("title").text((c) => `${runLabel(runs.get(c.run))}: ${changeText(format, c)}`);
    if (trend.change_points.length === 0) {
      parent.append("p").attr("class", "note").text("No change point.");
      return;
    }
    table(
      parent,
      [
        { title: "run", value: (c) => c.run, text: (c) => runLabel(runs.get(c.run)) },
        { title: "before", value: (c) => c.before, text: (c) => format(c.before), num: true },
        { title: "after", value: (c) => c.after, text: (c) => format(c.after), num: true },
        { title: "change", value: (c) => c.change, text: (c) => signedPercent(c.change), num: true },
        {
          title: "95% CI",
          value: (c) => c.change_low,
          text: (c) => `[${signedPercent(c.change_low)}, ${signedPercent(c.change_high)}]`,
          num: true,
        },
        { title: "p", value: (c) => c.p_value, text: (c) => c.p_value.toPrecision(2), num: true },
        {
          title: "moved with it",
          value: (c) => c.moved_with.length,
          text: (c) =>
            c.moved_with
              .map((m) => `${measureLabel(m.kind, m.name)}: ${changeText(byUnit[m.unit] || count, m)}`)
              .join("\n") || "-",
          cls: "moved",
        },
      ],
      trend.change_points,
      { limit: 20, id: `history-changes-${index}` },
    );
  }

  function navigation() {
    d3.select("#nav")
      .append("ul")
      .selectAll("li")
      .data(sections)
      .join("li")
      .append("a")
      .attr("href", (s) => "#" + s.id)
      .attr("class", (s) => (s.empty ? "empty" : null))
      .attr("title", (s) => (s.empty ? "no data" : null))
      .text((s) => s.title);
  }

  summary();
  bottlenecks();
  flameGraph();
  functions();
  lineMode();
  memory();
  gpu();
  io();
  regions();
  waits();
  mpi();
  ranks();
  history();
  navigation();
  d3.select("#footer")
    .insert("p", "details")
    .attr("id", "made")
    .text(
      `Made by hotline ${data.hotline_version} from ${data.runs.map((r) => r.file).join(", ")}; ` +
        `drawn in ${Math.round(performance.now() - started)} ms, ` +
        `${Math.round(performance.now())} ms after the page was opened.`,
    );
  // The sections exist only now: follow a link to one (report.html#memory).
  const target = location.hash && document.getElementById(location.hash.slice(1));
  if (target) target.scrollIntoView({ behavior: "instant" });
})();
