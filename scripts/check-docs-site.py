#!/usr/bin/env python3
"""Opens the documentation as a reader sees it, in headless Chromium, and fails on a broken page.

scripts/build-docs.sh builds the DocC archives of Signals, SignalsConcurrency, SignalsObservation and
SignalsTesting and makes them one static site (by default .build/docs-site; `--site docs-site`
for a reader), each archive under its own base path: /Signals/, /SignalsConcurrency/,
/SignalsObservation/, /SignalsTesting/. This script serves that site on 127.0.0.1 (python3's
http.server) and opens, in Chromium, each module's landing page, every article and API
collection page, and the symbol pages of SYMBOL_PAGES (Property, TaskOwner). DocC pages are a
JavaScript app, so a page counts as rendered only when its DOM shows the page's title (from the
page's own data file) and its content. A page fails on:
  - not rendering: no title, the wrong title (DocC's "page not found"), or no content;
  - a symbol page of SYMBOL_PAGES without its doc comment: the first words of the comment in the
    source must be on the page (a page built from symbol graphs without doc comments shows only
    its declaration and the catalog's Topics);
  - a console error, an uncaught exception or a failed request (Chromium's log included);
  - a broken image (an <img> that did not load; lazy ones are loaded at once, wherever they are);
  - an internal link that leads nowhere (its address is not a page or file of the site).
A screenshot of each landing page is written beside the site (.build/docs-site/*.png).

  scripts/check-docs-site.py [--site DIR]  the site scripts/build-docs.sh built (default: .build/docs-site)
  scripts/check-docs-site.py --all        also every symbol page (slower; not run by CI)
  scripts/check-docs-site.py --self-test  pages broken each way must fail, a good one must pass,
                                          a real DocC article whose data is missing must fail, and
                                          so must Property's page when its data has no doc comment

Chromium is driven through its DevTools protocol over a pipe (--remote-debugging-pipe), so only
Python's standard library is needed; Chromium comes from Debian's `chromium` package.
"""

import base64
import fcntl
import functools
import glob
import http.server
import io
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Signals", "SignalsConcurrency", "SignalsObservation", "SignalsTesting"]
RENDER_TIMEOUT = 30.0  # seconds; a DocC page renders in well under one here
SETTLE = 0.5  # seconds after rendering in which a late console error is still caught
# Symbol pages whose doc comment must show: (module, page route, title, source folder, the
# declaration the comment stands above).
SYMBOL_PAGES = [
    ("Signals", "documentation/signals/property", "Property", "Sources/Signals",
     r"public struct Property<"),
    ("SignalsConcurrency", "documentation/signalsconcurrency/taskowner", "TaskOwner",
     "Sources/SignalsConcurrency", r"public final class TaskOwner\b"),
]

# What a page shows once rendered: its title, how much text its content has, its images and
# its links. DocC puts the page title in an <h1> inside <main>. DocC loads images lazily, and a
# headless window never scrolls to one far down the page, so every lazy image is asked for at
# once: each image on the page is loaded and checked, wherever it stands.
PAGE_STATE_JS = """(() => {
  document.querySelectorAll('img[loading="lazy"]').forEach(i => { i.loading = 'eager'; });
  const main = document.querySelector('main') || document.body;
  const h1 = main ? main.querySelector('h1') : null;
  return {
    ready: document.readyState,
    title: h1 ? h1.textContent.trim() : null,
    text: main ? main.innerText.trim().length : 0,
    body: main ? main.innerText : '',
    images: Array.from(document.images).map(i => ({
      src: i.currentSrc || i.src, complete: i.complete, width: i.naturalWidth })),
    links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  };
})()"""


class Chromium:
    """Headless Chromium, spoken to with the DevTools protocol over a pipe (fds 3 and 4)."""

    def __init__(self):
        binary = next((p for p in ("/usr/lib/chromium/chromium", shutil.which("chromium") or "")
                       if p and os.path.exists(p)), None)
        if binary is None:
            raise SystemExit("check-docs-site: chromium not found (apt-get install -y chromium)")
        self.profile = tempfile.mkdtemp(prefix="docs-site-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # The child's ends move above 9 first: dup2 onto the same number would keep them
        # close-on-exec, and they would not reach Chromium as fds 3 and 4.
        to_child_r, from_child_w = (self._above_9(fd) for fd in (to_child_r, from_child_w))

        def wire_pipes():  # in the child: its fd 3 reads our commands, its fd 4 writes replies
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", "--mute-audio", f"--user-data-dir={self.profile}",
             "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire_pipes, close_fds=False)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []  # (sessionId, method, params), in arrival order

    @staticmethod
    def _above_9(fd):
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(fd)
        return moved

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_child)
        os.close(self.from_child)
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.from_child], [], [], left)
            if ready:
                chunk = os.read(self.from_child, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed its DevTools pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None, timeout=30.0):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(max(0.0, deadline - time.monotonic()))
            if reply is None:
                raise TimeoutError(f"no reply to {method}")
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append((reply.get("sessionId"), reply["method"], reply.get("params", {})))

    def drain(self, seconds):
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            reply = self._read_message(left)
            if reply and "method" in reply:
                self.events.append((reply.get("sessionId"), reply["method"], reply.get("params", {})))


def problems_in_events(events):
    """Console errors, uncaught exceptions and failed requests among one page's events."""
    found = []
    for method, params in events:
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            found.append(f"uncaught exception: {text.splitlines()[0] if text else details}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            found.append(f"console.{params['type']}: {args}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append(f"console error ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}".rstrip())
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            found.append(f"request failed: {params.get('errorText')} ({params.get('type')})")
        elif method == "Network.responseReceived":
            response = params.get("response", {})
            if response.get("status", 200) >= 400:
                found.append(f"HTTP {response['status']}: {response.get('url')}")
    return found


def words(text):
    """`text` as the reader sees it, for comparison: no code voice or emphasis marks, one space."""
    return " ".join(re.sub(r"[`*]", "", text).split())


def doc_comment_start(source_dir, declaration):
    """The first words (up to eight) of the doc comment above `declaration` in `source_dir`."""
    for path in sorted(glob.glob(os.path.join(ROOT, source_dir, "**", "*.swift"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for number, line in enumerate(lines):
            if re.match(declaration, line):
                above = number - 1
                while above >= 0 and lines[above].lstrip().startswith("@"):
                    above -= 1  # attributes between the comment and the declaration
                first = above
                while first >= 0 and lines[first].lstrip().startswith("///"):
                    first -= 1
                if first == above:
                    raise SystemExit(f"check-docs-site: no doc comment above {declaration!r} in {path}")
                return " ".join(words(lines[first + 1].lstrip()[3:]).split()[:8])
    raise SystemExit(f"check-docs-site: {declaration!r} not found in {source_dir}")


class Site:
    """The static site on 127.0.0.1, with optional paths to answer 404 or with other content
    (self-test)."""

    def __init__(self, directory):
        self.hidden = set()
        self.replaced = {}  # path -> bytes served instead of the file
        site = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=directory, **kwargs)

            def send_head(self):
                path = urllib.parse.urlsplit(self.path).path
                if path in site.hidden:
                    self.send_error(404)
                    return None
                if path in site.replaced:
                    body = site.replaced[path]
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    return io.BytesIO(body)
                return super().send_head()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    @functools.lru_cache(maxsize=None)
    def resolves(self, path):
        try:
            with urllib.request.urlopen(self.origin + path, timeout=10) as response:
                return response.status == 200
        except urllib.error.URLError:
            return False


def open_page(browser, site, url, expected_title, screenshot=None, timeout=RENDER_TIMEOUT,
              expected_text=None):
    """Opens `url` in a fresh tab; returns the list of problems (empty when the page is fine).
    With `expected_text` (a symbol's doc comment), the page must show it."""
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    first_event = len(browser.events)
    problems = []
    try:
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(f"{domain}.enable", session=session)
        browser.call("Network.setCacheDisabled", {"cacheDisabled": True}, session=session)
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
                     session=session)
        browser.call("Page.navigate", {"url": url}, session=session)
        deadline = time.monotonic() + timeout
        state = None
        while time.monotonic() < deadline:
            state = browser.call("Runtime.evaluate", {"expression": PAGE_STATE_JS, "returnByValue": True},
                                 session=session).get("result", {}).get("value")
            if (state and state["ready"] == "complete" and state["title"]
                    and all(image["complete"] for image in state["images"])):
                break
            time.sleep(0.1)
        browser.drain(SETTLE)
        state = browser.call("Runtime.evaluate", {"expression": PAGE_STATE_JS, "returnByValue": True},
                             session=session).get("result", {}).get("value") or {}
        if not state.get("title"):
            problems.append(f"did not render: no title after {timeout:.0f} s")
        elif state["title"] != expected_title:
            problems.append(f"did not render: title {state['title']!r}, expected {expected_title!r}")
        elif state.get("text", 0) < len(expected_title) + 40:
            problems.append(f"did not render: only {state.get('text', 0)} characters of content")
        elif expected_text and words(expected_text) not in words(state.get("body", "")):
            problems.append(f"lacks its doc comment: {expected_text!r} is not on the page")
        for image in state.get("images", []):
            if not image["complete"] or image["width"] == 0:
                problems.append(f"broken image: {image['src']}")
        origin = site.origin
        for link in sorted(set(state.get("links", []))):
            parts = urllib.parse.urlsplit(link)
            if f"{parts.scheme}://{parts.netloc}" != origin:
                continue  # another site: not checked (CI has no network)
            if not site.resolves(parts.path or "/"):
                problems.append(f"link leads nowhere: {parts.path}")
        if screenshot and not problems:
            data = browser.call("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
            with open(screenshot, "wb") as f:
                f.write(base64.b64decode(data))
    finally:
        browser.call("Target.closeTarget", {"targetId": target})
    problems += problems_in_events(
        [(method, params) for (sid, method, params) in browser.events[first_event:] if sid == session])
    return problems


def require_site(site_dir):
    for module in MODULES:
        if not os.path.isdir(os.path.join(site_dir, module, "data")):
            raise SystemExit(f"check-docs-site: no {module} in {site_dir}: run scripts/build-docs.sh first "
                             "(with --site DIR for another folder)")


def pages(site_dir, every_symbol):
    """(module, url path, title, is landing page, doc comment it must show) for each page to open."""
    found = [(module, f"/{module}/{route}/", title, False, doc_comment_start(source, declaration))
             for module, route, title, source, declaration in SYMBOL_PAGES]
    listed = {path for _, path, _, _, _ in found}
    for module in MODULES:
        data = os.path.join(site_dir, module, "data")
        for path in sorted(glob.glob(os.path.join(data, "documentation", "**", "*.json"), recursive=True)):
            with open(path, encoding="utf-8") as f:
                metadata = json.load(f).get("metadata", {})
            role = metadata.get("role")
            route = f"/{module}/{os.path.relpath(path, data)[: -len('.json')]}/"
            if (role in ("collection", "article", "collectionGroup") or every_symbol) and route not in listed:
                found.append((module, route, metadata.get("title"), role == "collection", None))
    return found


def check_site(site_dir, every_symbol):
    browser = Chromium()  # first: it forks, and the site's server is a thread
    site = Site(site_dir)
    failures, opened = 0, 0
    try:
        for module, path, title, landing, comment in pages(site_dir, every_symbol):
            screenshot = os.path.join(site_dir, f"landing-{module}.png") if landing else None
            problems = open_page(browser, site, site.origin + path, title, screenshot,
                                 expected_text=comment)
            opened += 1
            if problems:
                failures += 1
                print(f"FAIL {path}")
                for problem in problems:
                    print(f"     {problem}")
            else:
                print(f"ok   {path}  ({title})" + (f"  screenshot: {screenshot}" if screenshot else "")
                      + (f"  shows its doc comment: {comment!r}" if comment else ""))
    finally:
        browser.close()
        site.close()
    if failures:
        print(f"docs site: {failures} of {opened} pages broken")
        return 1
    links = Site.resolves.cache_info().currsize
    print(f"docs site: {opened} pages rendered in Chromium with no console error, broken image or dead "
          f"link ({links} internal addresses followed); {len(SYMBOL_PAGES)} symbol pages show their doc "
          "comments")
    return 0


# --- self-test ------------------------------------------------------------------------------

GOOD_PAGE = """<!doctype html><meta charset=utf-8><title>t</title><body><main></main><script>
  // Rendered by script, as DocC renders, after a moment.
  setTimeout(() => { document.querySelector('main').innerHTML =
    '<h1>Good page</h1><p>' + 'Content that a reader came for. '.repeat(4) + '</p>' +
    '<img src="/dot.svg" alt="dot"><a href="/good.html">self</a> <a href="/dir/">dir</a> ' +
    '<div style="height: 5000px"></div><img src="/dot.svg" alt="far down" loading="lazy">' +
    '<a href="https://example.com/elsewhere">elsewhere</a>'; }, 200);
</script>"""
BROKEN_PAGES = {
    "never-renders.html": ("<!doctype html><body><main><p>Loading…</p></main>", "did not render"),
    "wrong-title.html": ("<!doctype html><body><main><h1>The page you're looking for can't be found</h1>"
                         "<p>" + "x " * 60 + "</p></main>", "did not render: title"),
    "no-content.html": ("<!doctype html><body><main><h1>Broken page</h1></main>", "characters of content"),
    "console-error.html": ("<!doctype html><body><main><h1>Broken page</h1><p>" + "x " * 60
                           + "</p></main><script>console.error('boom')</script>", "console.error: boom"),
    "exception.html": ("<!doctype html><body><main><h1>Broken page</h1><p>" + "x " * 60
                       + "</p></main><script>null.property</script>", "uncaught exception"),
    "broken-lazy-image.html": ("<!doctype html><body><main><h1>Broken page</h1><p>" + "x " * 60
                               + '</p><div style="height: 5000px"></div>'
                               + '<img src="/missing.svg" loading="lazy"></main>', "broken image: "),
    "broken-image.html": ("<!doctype html><body><main><h1>Broken page</h1><p>" + "x " * 60
                          + '</p><img src="/missing.svg"></main>', "broken image: "),
    "dead-link.html": ("<!doctype html><body><main><h1>Broken page</h1><p>" + "x " * 60
                       + '</p><a href="/documentation/nowhere/">nowhere</a></main>', "link leads nowhere: /documentation/nowhere/"),
    "topics-only.html": ("<!doctype html><body><main><h1>Broken page</h1><p>struct Broken</p><h2>Topics</h2>"
                         "<p>" + "init() value sink(_:) " * 8 + "</p></main>", "lacks its doc comment"),
}
DOT_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="4"/></svg>'


def self_test(site_dir):
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        with open(os.path.join(scratch, "good.html"), "w") as f:
            f.write(GOOD_PAGE)
        with open(os.path.join(scratch, "dot.svg"), "w") as f:
            f.write(DOT_SVG)
        os.makedirs(os.path.join(scratch, "dir"))
        with open(os.path.join(scratch, "dir", "index.html"), "w") as f:
            f.write("<!doctype html><title>dir</title>")
        with open(os.path.join(scratch, "favicon.ico"), "wb") as f:
            f.write(b"")
        for name, (html, _) in BROKEN_PAGES.items():
            with open(os.path.join(scratch, name), "w") as f:
                f.write(html)
        browser = Chromium()  # before the server's thread starts: Chromium's launch forks
        site = Site(scratch)
        try:
            problems = open_page(browser, site, site.origin + "/good.html", "Good page",
                                 os.path.join(scratch, "good.png"),
                                 expected_text="Content that a `reader` came for.")
            if problems or not os.path.getsize(os.path.join(scratch, "good.png")):
                print(f"self-test FAILED: a good page was reported broken: {problems}")
                ok = False
            else:
                print("self-test ok: a page rendered by script, with an image and links, passes")
            expected_title = {"never-renders.html": "Broken page", "wrong-title.html": "Broken page"}
            for name, (_, expected) in BROKEN_PAGES.items():
                problems = open_page(browser, site, f"{site.origin}/{name}",
                                     expected_title.get(name, "Broken page"), timeout=5,
                                     expected_text=("The doc comment of a broken page"
                                                    if name == "topics-only.html" else None))
                if not any(expected in p for p in problems):
                    print(f"self-test FAILED: {name}: expected a problem containing {expected!r}, got {problems}")
                    ok = False
                else:
                    print(f"self-test ok: {name} fails: {problems[0]}")
        finally:
            browser.close()
            site.close()

    # A real DocC article whose data file is missing, and Property's page whose data has no doc
    # comment (only its declaration and Topics): DocC's app loads, but each page must fail.
    if os.path.isdir(os.path.join(site_dir, "Signals")):
        browser = Chromium()
        site = Site(site_dir)
        try:
            path = "/Signals/documentation/signals/deliveryguarantees/"
            good = open_page(browser, site, site.origin + path, "Delivery guarantees")
            site.hidden.add("/Signals/data/documentation/signals/deliveryguarantees.json")
            broken = open_page(browser, site, site.origin + path, "Delivery guarantees", timeout=10)
            if good or not any(p.startswith("did not render") for p in broken):
                print(f"self-test FAILED: a DocC article: intact {good}, without its data {broken}")
                ok = False
            else:
                print(f"self-test ok: a DocC article without its data fails: {'; '.join(broken)}")
            module, route, title, source, declaration = SYMBOL_PAGES[0]
            comment = doc_comment_start(source, declaration)
            path = f"/{module}/{route}/"
            good = open_page(browser, site, site.origin + path, title, expected_text=comment)
            data = f"/{module}/data/{route}.json"
            with open(os.path.join(site_dir, module, "data", f"{route}.json"), encoding="utf-8") as f:
                page = json.load(f)
            page.pop("abstract", None)
            page["primaryContentSections"] = [section for section in page.get("primaryContentSections", [])
                                              if section.get("kind") == "declarations"]
            site.replaced[data] = json.dumps(page).encode()
            broken = open_page(browser, site, site.origin + path, title, expected_text=comment)
            if good or not any(p.startswith("lacks its doc comment") for p in broken):
                print(f"self-test FAILED: {title}'s page: intact {good}, without its doc comment {broken}")
                ok = False
            else:
                print(f"self-test ok: {title}'s page shows {comment!r}, and fails without its doc comment: "
                      f"{'; '.join(broken)}")
        finally:
            browser.close()
            site.close()
    else:
        print("self-test: no site built yet (scripts/build-docs.sh), the DocC cases were skipped")
        ok = False
    print("self-test passed" if ok else "self-test FAILED")
    return 0 if ok else 1


def main(argv):
    def option(name, default):
        return os.path.abspath(argv[argv.index(name) + 1]) if name in argv else default
    site_dir = option("--site", os.path.join(ROOT, ".build", "docs-site"))
    require_site(site_dir)
    if "--self-test" in argv:
        return self_test(site_dir)
    return check_site(site_dir, "--all" in argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
