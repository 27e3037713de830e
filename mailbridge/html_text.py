"""HTML mail to plain text with the standard library (no GPL converters). Pure."""

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


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0
        self.quote_depth = 0

    def handle_starttag(self, tag, attrs):
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
        if tag in _SKIP:
            self.skip_depth = max(0, self.skip_depth - 1)
        elif tag == "blockquote":
            self.quote_depth = max(0, self.quote_depth - 1)
            self.parts.append("\n")
        elif tag in _BLOCK:
            self.parts.append("\n")

    def handle_data(self, data):
        if self.skip_depth:
            return
        if self.quote_depth:
            # Quoted history in HTML mail lives in <blockquote>; mark it like plain
            # text quoting so the reply stripper removes it the same way.
            lines = data.splitlines() or [data]
            self.parts.append("\n".join("> " + line for line in lines))
        else:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """Return the readable text of an HTML document, paragraphs on their own lines."""
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 - hostile HTML must never stop reading the mail
        pass
    text = "".join(parser.parts).replace("\xa0", " ")
    lines = [
        " ".join(line.split()) if not line.startswith(">") else line.rstrip()
        for line in text.splitlines()
    ]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip()
