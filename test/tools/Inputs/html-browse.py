#!/usr/bin/env python3
"""Opens a `hotline html` page in headless Chromium, as a person's browser would, and says
what it drew, for the HTML report's tests.

usage: html-browse.py [--click SELECTOR]... PAGE SCREENSHOT

Loads PAGE twice with a fresh profile directory: once to dump the DOM after the page's
scripts ran (--dump-dom), once to save a 1280x800 screenshot to SCREENSHOT. With --click, a
copy of PAGE is loaded instead, whose last script clicks the first element that matches each
SELECTOR (a CSS selector), in order, as a person would once the page is drawn. Prints what
the DOM holds, one fact a line, for FileCheck:

  errors: none                 or what the page caught (window.onerror, console.error)
  nav: A | B (empty) | ...     the section links; (empty) when the section has no data
  missing SECTION: WHY         each line saying why a section has no data
  flame graph: N frames        then "frame: NAME" for each frame drawn, widest first
  table ID: N rows             then "ID header: ..." and "ID row: ..." for its first 3 rows
  suggestion: [RULE] ...       each suggestion's first line
  chart ID: N svg, N lines, N points, N bars
  source: HEADING              each annotated function, then "source line: ..." for its
                               lines that ran (count, time, %, number, code)
  summary: NAME: VALUE | ...    the facts at the top of the page
  made: ...                    the footer's line
  layout: ...                  whether every table (and the page) stays within the window
"""
import argparse
import html.parser
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import headless_chromium  # noqa: E402

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Element:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag=None, cls=None):
        for child in self.children:
            if isinstance(child, str):
                continue
            if (tag is None or child.tag == tag) and (
                    cls is None or cls in child.attrs.get("class", "").split()):
                yield child
            yield from child.all(tag, cls)

    def by_id(self, id_):
        return next((e for e in self.all() if e.attrs.get("id") == id_), None)


class Parser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Element("#document", [], None)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Element(tag, attrs, self.current))

    def handle_endtag(self, tag):
        element = self.current
        while element is not None and element.tag != tag:
            element = element.parent
        if element is not None and element.parent is not None:
            self.current = element.parent

    def handle_data(self, data):
        self.current.children.append(data)


def chromium(page, profile, *flags):
    return headless_chromium.run("file://" + os.path.abspath(page), profile, *flags)


def cells(row):
    """The text of a row's cells; a header sorted by says how ("calls (descending)")."""
    return " | ".join(
        " ".join(c.text().split()) + (" ({})".format(c.attrs["aria-sort"]) if "aria-sort" in c.attrs else "")
        for c in row.children if not isinstance(c, str) and c.tag in ("td", "th"))


def describe(document):
    out = []
    errors = document.by_id("errors").text().strip()
    out.append("errors: " + (errors.replace("\n", " / ") if errors else "none"))
    out.append("nav: " + " | ".join(
        a.text() + (" (empty)" if "empty" in a.attrs.get("class", "") else "")
        for a in document.by_id("nav").all("a")))
    for section in document.all("section"):
        for p in section.all("p", "missing"):
            out.append("missing {}: {}".format(section.attrs["id"], p.text()))
    chart = document.by_id("flame-chart")
    if chart:
        frames = [(float(g.attrs.get("width", 0)), g.attrs.get("name", ""))
                  for g in chart.all("g", "frame")]
        out.append("flame graph: {} frames".format(len(frames)))
        out.extend("frame: " + name for _, name in sorted(frames, key=lambda f: -f[0]))
    for table in document.all("table"):
        id_ = table.attrs.get("id")
        if not id_:
            continue
        rows = list(next(table.all("tbody")).all("tr"))
        out.append("table {}: {} rows".format(id_, len(rows)))
        out.append("{} header: {}".format(id_, cells(next(table.all("tr")))))
        out.extend("{} row: {}".format(id_, cells(row)) for row in rows[:3])
    for item in document.all("li"):
        if item.parent.attrs.get("class") == "suggestions":
            out.append("suggestion: " + " ".join(next(item.all("div")).text().split()))
    for id_ in ("memory-over-time", "gpu-timeline"):
        element = document.by_id(id_)
        if element:
            out.append("chart {}: {} svg, {} lines, {} points, {} bars".format(
                id_, len(list(element.all("svg"))), len(list(element.all("path", "series"))),
                len(list(element.all("circle"))), len(list(element.all("rect", "bar")))))
    for block in document.all("div", "source"):
        out.append("source: " + next(block.all("h3")).text())
        for row in next(block.all("tbody")).all("tr"):
            if row.attrs.get("class") == "loop":
                out.append("source loop: " + row.text())
            elif next(row.all("td")).text():
                out.append("source line: " + cells(row))
    out.append("summary: " + " | ".join(
        "{}: {}".format(item.children[0].text(), item.children[1].text())
        for item in next(document.by_id("top").all("dl")).all("div")))
    out.append("made: " + document.by_id("made").text())
    out.append("layout: " + document.by_id("browse-layout").text())
    return out


# Run last in the page: writes what ran past the window's right edge into the DOM.
MEASURE_LAYOUT = """
const past = [];
const width = window.innerWidth;
if (document.documentElement.scrollWidth > width)
  past.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
for (const table of document.querySelectorAll('table[id]')) {
  const right = Math.round(table.getBoundingClientRect().right);
  if (right > width) past.push('table ' + table.id + ' ends at ' + right + ' px');
}
const layout = document.createElement('div');
layout.id = 'browse-layout';
layout.textContent = past.length ? past.join('; ') + ', past the ' + width + ' px window'
                                 : 'every table within the ' + width + ' px window';
document.body.appendChild(layout);
"""


def with_scripts(page, selectors, copy):
    """A copy of PAGE whose last script clicks SELECTORS in order, then measures the layout."""
    clicks = "".join(
        "document.querySelector({}).dispatchEvent(new MouseEvent('click', {{bubbles: true}}));"
        .format(json.dumps(selector)) for selector in selectors)
    with open(page, encoding="utf-8") as f:
        text = f.read()
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", "<script>" + clicks + MEASURE_LAYOUT + "</script></body>"))
    return copy


def main():
    parser = argparse.ArgumentParser(usage="html-browse.py [--click SELECTOR]... PAGE SCREENSHOT")
    parser.add_argument("--click", action="append", default=[])
    parser.add_argument("page")
    parser.add_argument("screenshot")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        measured = with_scripts(args.page, args.click, os.path.join(scratch, "measured.html"))
        dom = chromium(measured, os.path.join(scratch, "dom"), "--window-size=1280,800", "--dump-dom")
        page = with_scripts(args.page, args.click, os.path.join(scratch, "clicked.html")) \
            if args.click else args.page
        chromium(page, os.path.join(scratch, "screenshot"), "--window-size=1280,800",
                 "--screenshot=" + os.path.abspath(args.screenshot))
    if not os.path.getsize(args.screenshot):
        sys.exit("no screenshot was written")
    dom_parser = Parser()
    dom_parser.feed(dom)
    print("\n".join(describe(dom_parser.root)))


if __name__ == "__main__":
    main()
