"""HTML mail to plain text with the standard library (no GPL converters). Pure.

Only what a person sees is text: an element hidden by its style or attributes
(`display:none`, `visibility:hidden`, zero size, `hidden`, `aria-hidden`) is where
an attacker hides instructions and addresses for a machine reader, so it is dropped.
"""

import re
from html.parser import HTMLParser

_BLOCK = {
    "p",
    "div",
    "br",
    "tr",
    "li",
    "ul",
    "ol",
    "table",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "article",
    "header",
    "footer",
    "pre",
    "hr",
    "dt",
    "dd",
}
_SKIP = {"script", "style", "head", "title", "template", "noscript"}
_VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
}  # fmt: skip
_HIDING_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*(hidden|collapse)|opacity\s*:\s*0(\.0*)?\s*(;|$)"
    r"|font-size\s*:\s*0(\.0*)?\s*(px|pt|em|rem|%)?\s*(;|$)|max-height\s*:\s*0(px)?\s*(;|$)"
    r"|(^|;)\s*(height|width)\s*:\s*0(px)?\s*(;|$)"
    # Off-screen text, and text too small to read.
    r"|(^|;)\s*(left|top|text-indent|margin-left)\s*:\s*-\d{3,}"
    r"|font-size\s*:\s*[01](px|pt)\s*(;|$)",
    re.IGNORECASE,
)
# White text is invisible on the white page every client starts with, unless the same
# element paints a background of its own (a button, a banner).
_WHITE_TEXT = re.compile(
    r"(^|;)\s*color\s*:\s*(white|transparent|#fff\b|#ffffff\b|rgba?\(\s*255\s*,\s*255\s*,\s*255)",
    re.IGNORECASE,
)
_OWN_BACKGROUND = re.compile(
    r"background(-color)?\s*:\s*(?!\s*(white|#fff\b|#ffffff\b|transparent))", re.I
)


# Quoted history a client puts in a <div> of its own instead of a <blockquote>: Yahoo
# and AOL write the earlier message, unindented, in <div class="yahoo_quoted"> (its id
# is "yahoo_quoted_…", prefixed "ydp…" when the reply was itself a reply).
_QUOTE_CONTAINER = re.compile(r"yahoo_quoted", re.IGNORECASE)


def _quotes(attrs: list[tuple[str, str | None]]) -> bool:
    values = {name.lower(): (value or "") for name, value in attrs}
    return bool(_QUOTE_CONTAINER.search(values.get("class", "") + " " + values.get("id", "")))


# The signature a client puts in an element of its own: Gmail's "gmail_signature",
# Thunderbird's "moz-signature", Outlook on the web's id="Signature". Above it goes the
# "-- " line (RFC 3676 4.3) its plain part would carry, so the reply stripper cuts there.
_SIGNATURE_CONTAINER = re.compile(r"^(?:gmail_signature|moz-signature|signature)$", re.I)


def _signs(attrs: list[tuple[str, str | None]]) -> bool:
    values = {name.lower(): (value or "") for name, value in attrs}
    names = values.get("class", "").split() + [values.get("id", "")]
    return any(_SIGNATURE_CONTAINER.match(name) for name in names)


def _hides(attrs: list[tuple[str, str | None]]) -> bool:
    values = {name.lower(): (value or "") for name, value in attrs}
    if "hidden" in values or values.get("aria-hidden", "").lower() == "true":
        return True
    style = values.get("style", "")
    if _HIDING_STYLE.search(style):
        return True
    return bool(_WHITE_TEXT.search(style)) and not _OWN_BACKGROUND.search(style)


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0
        self.quote_depth = 0
        # Open elements, whether each hides its content and whether it holds a quote.
        self.open: list[tuple[str, bool, bool]] = []
        self.hidden = 0
        self.mailto: list[str] = []  # addresses of visible mailto: links

    def handle_starttag(self, tag, attrs):
        if tag not in _VOID and len(self.open) < 500:
            hides, quotes = _hides(attrs), tag != "blockquote" and _quotes(attrs)
            self.open.append((tag, hides, quotes))
            self.hidden += hides
            self.quote_depth += quotes
        if tag == "a" and not self.hidden and not self.skip_depth:
            href = dict(attrs).get("href") or ""
            if href.lower().startswith("mailto:"):
                self.mailto.append(href[7:].split("?")[0].strip())
        if _signs(attrs) and not self.quote_depth and not self.hidden:
            self.parts.append("\n-- \n")
        if tag in _SKIP:
            self.skip_depth += 1
        elif tag == "blockquote":
            self.quote_depth += 1
            self.parts.append("\n")
        elif tag in _BLOCK:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if tag in _BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if any(name == tag for name, _, _ in self.open):
            # Unclosed children (<p>, <li>) close with their parent, as browsers do.
            while self.open:
                name, hides, quotes = self.open.pop()
                self.hidden -= hides
                self.quote_depth -= quotes
                if name == tag:
                    break
        if tag in _SKIP:
            self.skip_depth = max(0, self.skip_depth - 1)
        elif tag == "blockquote":
            self.quote_depth = max(0, self.quote_depth - 1)
            self.parts.append("\n")
        elif tag in _BLOCK:
            self.parts.append("\n")

    def handle_data(self, data):
        if self.skip_depth or self.hidden:
            return
        if self.quote_depth:
            # Quoted history in HTML mail lives in <blockquote>; mark it like plain
            # text quoting so the reply stripper removes it the same way: each line it
            # starts, not each piece of text ("A. Tue <b>3 Mar</b>" is one quoted line).
            at_start = not self.parts or self.parts[-1].endswith("\n")
            self.parts.append(("> " if at_start else "") + data.replace("\n", "\n> "))
        else:
            self.parts.append(data)


def _parsed(html: str) -> _TextExtractor:
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 - hostile HTML must never stop reading the mail
        pass
    return parser


def html_to_text(html: str) -> str:
    """Return the readable text of an HTML document, paragraphs on their own lines."""
    return html_reading(html)[0]


def html_reading(html: str) -> tuple[str, list[str]]:
    """Return the visible text and the addresses of the visible mailto: links."""
    parser = _parsed(html)
    text = "".join(parser.parts).replace("\xa0", " ")
    lines = [
        " ".join(line.split()) if not line.startswith(">") else line.rstrip()
        for line in text.splitlines()
    ]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip(), parser.mailto
