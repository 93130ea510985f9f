#!/usr/bin/env python3
"""Opens a `hotline html --history` page in headless Chromium and says what its History
section drew, for html-trend.test.

usage: html-trend.py PAGE SCREENSHOT

Dumps the DOM once the page's scripts ran, as test/tools/Inputs/html-browse.py does (whose
parser and layout check this uses), and saves a 1280x800 screenshot of the History section.
Prints, one fact a line:

  errors: none                 or what the page caught
  nav: A | B (empty) | ...     the section links
  missing history: WHY         when the section has no data
  history: N runs              the runs the section covers
  chart KIND NAME: N points, runs A to B, K change points
  change point: TOOLTIP        each change-point marker's tooltip (before -> after, CI)
  table ID: N rows             each table of change points, its header and first 3 rows
  note: TEXT                   a chart's "No change point."
  layout: ...                  whether every table (and the page) stays within the window
"""
import importlib.util
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TEST = os.path.join(HERE, "..", "..", "..")
spec = importlib.util.spec_from_file_location("html_browse", os.path.join(TEST, "tools", "Inputs", "html-browse.py"))
browse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browse)

# Run last in the screenshot's copy: the History section alone at the top (a headless
# screenshot of a page scrolled to #history comes out blank).
HISTORY_ONLY = """
for (const element of document.querySelectorAll('#top, main > section:not(#history)'))
  element.hidden = true;
"""


def describe(document):
    out = []
    errors = document.by_id("errors").text().strip()
    out.append("errors: " + (errors.replace("\n", " / ") if errors else "none"))
    out.append("nav: " + " | ".join(
        a.text() + (" (empty)" if "empty" in a.attrs.get("class", "") else "")
        for a in document.by_id("nav").all("a")))
    section = document.by_id("history")
    if section is None:
        out.append("no history section")
        return out
    for p in section.all("p", "missing"):
        out.append("missing history: " + p.text())
    charts = document.by_id("history-charts")
    if charts is not None:
        out.append("history: {} runs".format(charts.attrs["data-runs"]))
        for trend in charts.all("div", "trend"):
            svg = next(trend.all("svg"))
            points = [c.attrs["data-run"] for c in svg.all("circle", "point")]
            markers = list(svg.all("g", "change-point"))
            out.append("chart {}: {} points, runs {} to {}, {} change point{}".format(
                " ".join(x for x in (svg.attrs["data-kind"], svg.attrs["data-name"]) if x),
                len(points), points[0] if points else "-", points[-1] if points else "-",
                len(markers), "" if len(markers) == 1 else "s"))
            for marker in markers:
                out.append("change point: " + next(marker.all("title")).text())
            for table in trend.all("table"):
                rows = list(next(table.all("tbody")).all("tr"))
                id_ = table.attrs.get("id")
                out.append("table {}: {} rows".format(id_, len(rows)))
                out.append("{} header: {}".format(id_, browse.cells(next(table.all("tr")))))
                out.extend("{} row: {}".format(id_, browse.cells(row)) for row in rows[:3])
            for p in trend.all("p", "note"):
                out.append("note: " + p.text())
    out.append("layout: " + document.by_id("browse-layout").text())
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: html-trend.py PAGE SCREENSHOT")
    page, screenshot = sys.argv[1:]
    with tempfile.TemporaryDirectory() as scratch:
        measured = browse.with_scripts(page, [], os.path.join(scratch, "measured.html"))
        dom = browse.chromium(measured, os.path.join(scratch, "dom"), "--window-size=1280,800", "--dump-dom")
        shown = os.path.join(scratch, "history.html")
        with open(page, encoding="utf-8") as f, open(shown, "w", encoding="utf-8") as out:
            out.write(f.read().replace("</body>", "<script>" + HISTORY_ONLY + "</script></body>"))
        browse.chromium(shown, os.path.join(scratch, "shot"), "--window-size=1280,800",
                        "--screenshot=" + os.path.abspath(screenshot))
    if not os.path.getsize(screenshot):
        sys.exit("no screenshot was written")
    parser = browse.Parser()
    parser.feed(dom)
    print("\n".join(describe(parser.root)))


if __name__ == "__main__":
    main()
