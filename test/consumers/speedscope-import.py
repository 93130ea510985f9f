#!/usr/bin/env python3
"""Loads a profile into speedscope's own importer, in headless Chromium, and prints what it shows.

Usage: speedscope-import.py SPEEDSCOPE FILE

SPEEDSCOPE is the speedscope npm package (node_modules/speedscope, as `npm ci` installs it from
test/consumers/package-lock.json). The file goes in the way speedscope's command line sends
it: a script that calls speedscope.loadFileFromBase64, named by #localProfilePath. Once the
page has settled, the script prints the page's title ("NAME - speedscope" once a profile is
loaded) and its visible text, one piece a line: the profile's name, and with several profiles
"(1/N)" and each one's name and total weight. Exits 1 when speedscope could not import the
file (its title stays "speedscope", or it says "Something went wrong").
"""
import base64
import html.parser
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import headless_chromium  # noqa: E402


class PageText(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.title = None
        self.pieces = []
        self._in = []

    def handle_starttag(self, tag, attrs):
        self._in.append(tag)

    def handle_endtag(self, tag):
        while self._in and self._in.pop() != tag:
            pass

    def handle_data(self, data):
        text = data.strip()
        if not text or (self._in and self._in[-1] in ("script", "style")):
            return
        if self._in and self._in[-1] == "title":
            self.title = text
        else:
            self.pieces.append(text)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    speedscope, path = argv[1], argv[2]
    index = os.path.abspath(os.path.join(speedscope, "dist", "release", "index.html"))
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    with tempfile.TemporaryDirectory() as scratch:
        loader = os.path.join(scratch, "load.js")
        with open(loader, "w") as f:
            f.write("speedscope.loadFileFromBase64({}, {})\n".format(
                json.dumps(os.path.basename(path)), json.dumps(data)))
        page = headless_chromium.run("file://{}#localProfilePath={}".format(index, loader),
                                     os.path.join(scratch, "chromium"), "--allow-file-access-from-files",
                                     "--dump-dom")
    text = PageText()
    text.feed(page)
    print("title: {}".format(text.title))
    for piece in text.pieces:
        print(piece)
    if text.title in (None, "speedscope") or "Something went wrong." in text.pieces:
        print("error: speedscope did not import {}".format(path))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
