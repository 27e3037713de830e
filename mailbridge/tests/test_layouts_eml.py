"""Each client's reply layout as the client sends it (mailbridge/tests/layouts/*.eml).

Top-posted, bottom-posted and inline replies, HTML with blockquotes, Outlook's header
blocks in a dozen languages, Chinese clients' 原始邮件 blocks and forwards, each read
through read_message (MIME, charsets, HTML, format=flowed, quote and signature
stripping) to the text the rules get. Quoted text never reaches it; an answer typed next
to a quoted option carries that option's label; forwarded words are not the sender's;
nothing the sender wrote above or below the quote is lost.
"""

from email import message_from_bytes, policy
from pathlib import Path

import pytest

from mailbridge.html_text import html_reading
from mailbridge.reading import read_message
from mailbridge.replies import strip_reply

LAYOUTS = Path(__file__).parent / "layouts"

# What the reader must leave of each mail, exactly.
EXPECTED = {
    # Top-posted: Gmail (plain and HTML alone), iPhone (English, German), Gmail for
    # Android's "<name> schrieb am <date>:", K-9, Fastmail, GMX's "Gesendet:" first,
    # Yahoo's and Zoho's unquoted copies, Proton Mail.
    "top-gmail.eml": "Wednesday works for me, Zoom please.",
    "top-gmail-html-only.eml": "Wednesday works for me, Zoom please.",
    "top-iphone.eml": "Tuesday is fine, I\u2019ll come to the office.",
    "top-iphone-de.eml": "Dienstag passt, ich komme ins Büro.",
    "top-gmail-android-de.eml": "Mittwoch geht, gerne per Zoom.",
    "top-k9-de.eml": "Donnerstag um halb zehn passt mir.",
    "top-fastmail.eml": "Thursday suits me, office 3F.",
    "top-gmx-de.eml": "Dienstag um 10 geht leider nicht, Mittwoch passt.",
    "top-yahoo.eml": "Wednesday works. Zoom is best for me.",
    "top-zoho.eml": "Tuesday at 10 is fine, Zoom.",
    "top-protonmail.eml": "Thursday works for me, on Zoom.",
    # Bottom-posted: Thunderbird (format=flowed; HTML alone with moz-cite-prefix), mutt
    # with "[...]" where the quote was cut, Apple Mail, Gmail with greeting and closing.
    "bottom-thunderbird-flowed.eml": (
        "Thursday works for me. I'd prefer the office, but Zoom is fine too if that is"
        " easier for the others."
    ),
    "bottom-thunderbird-html-only.eml": "Dienstag geht, per Zoom.",
    "bottom-mutt-trimmed.eml": "B works, Office 3F.",
    "bottom-applemail.eml": "Wednesday, office please.",
    "bottom-gmail-greeting.eml": "Hi Alice,\n\nThursday is fine for me, in the office.",
    # Inline: answers between quoted options, after a blank quoted line or a wrapped
    # option, in Gmail's split blockquotes, typed into Outlook's unquoted copy (under the
    # option, or behind it after an arrow).
    "inline-thunderbird-flowed.eml": (
        "A: No, dentist.\nB: Yes\nC: Yes, but I have to leave at 10:15 sharp, so please"
        " start on time. I will bring the figures.\n1: yes, Zoom"
    ),
    "inline-gmail.eml": "Hi Alice, answers below.\nA: no, I'm travelling that day\nC: this one works",
    "inline-gmail-html-only.eml": (
        "Hi Alice, answers below.\nA: no, I'm travelling that day\nC: this one works"
    ),
    "inline-mutt-wrapped.eml": "A: ok\nC: fine, Bob or no Bob\nD: can't, school run.\nOffice.",
    "inline-outlook-copy.eml": (
        "Hi,\n\nmy answers are in CAPS below.\nA: NO - dentist\nB: YES\n"
        "C: YES, but only until 10:15\nZOOM"
    ),
    "inline-outlook-arrows.eml": "See the arrows below.\nA: yes\n2: this one",
    # Outlook: desktop (Word HTML, image signature), its header block in other languages
    # and charsets, Outlook for Mac, plain-text mode, the web (HTML alone), "*From:*".
    "outlook-desktop.eml": "Hi,\n\nB works for me, I'll dial in via Zoom.",
    "outlook-fr.eml": "Mercredi me convient, au bureau.",
    "outlook-es.eml": "El miércoles me va bien, en la oficina.",
    "outlook-nl.eml": "Woensdag past, via Zoom.",
    "outlook-it.eml": "Mercoledì va bene, in ufficio.",
    "outlook-pl.eml": "Środa mi pasuje, przez Zoom.",
    "outlook-pt.eml": "Quarta-feira está bom, no escritório.",
    "outlook-sv.eml": "Onsdag passar bra, på kontoret.",
    "outlook-ja.eml": "水曜日で大丈夫です。オフィスで参加します。",
    "outlook-ru.eml": "Среда подходит, в офисе.",
    "outlook-ru-1251.eml": "Среда подходит, в офисе.",
    "outlook-ko.eml": "수요일 좋습니다. 사무실에서 뵙겠습니다.",
    "outlook-mac.eml": "Thursday, Zoom.",
    "outlook-original-message.eml": "Tuesday is fine.",
    "outlook-web-html-only.eml": "Wednesday at 14:00 works, I'll come to Office 3F.",
    "outlook-thread-gmail-stars.eml": "Thursday works for me as well.",
    "outlook-star-headers-unquoted.eml": "Count me in for Wednesday.",
    # Chinese clients: QQ Mail (GB18030, "&nbsp;" in the separator), Foxmail in English,
    # 163 (the copy unquoted below 写道：), Mail Master, Alimail, Outlook in Big5.
    "zh-qqmail.eml": "周三可以，线上参加。",
    "zh-foxmail-en.eml": "Thursday OK, online.",
    "zh-163.eml": "周二上午10点可以，去3楼会议室。",
    "zh-mailmaster.eml": "周四可以，腾讯会议也行。",
    "zh-alimail.eml": "周三下午两点可以。",
    "zh-outlook-big5.eml": "週三可以，在辦公室。",
    # Forwarded: the sender's words above the forward are kept, the forwarded mail is
    # not, whether inline (Gmail, Thunderbird, Apple Mail), attached (message/rfc822),
    # a colleague's answer below an assistant's note, or an inline answer inside it.
    "fwd-gmail.eml": (
        "Thursday works, Zoom. (Forwarding from my private address, the work server is down.)"
    ),
    "fwd-thunderbird.eml": "Tuesday works for me, in the office.",
    "fwd-applemail.eml": "Wednesday is best for me.",
    "fwd-attached-message.eml": (
        "Bob asked me to pass his answer on. I can't make any of them myself, sorry."
    ),
    "fwd-attached-inline.eml": "Hi, David's answer is attached; I'll join him, Wednesday only.",
    "fwd-outlook-delegate.eml": "Hi,\n\nplease see Dr. Klein's answer below.",
    "fwd-gmail-inline-inside.eml": "FYI, Max's answers below. Mine: Thursday, office.",
}

# Lines of the quoted invitation: none may ever reach the reply text.
INVITATION = (
    "Tue 3 Mar 2026",
    "Wed 4 Mar",
    "Thu 5 Mar",
    "Which of these suit you",
    "Just reply",
    "Family Hub",
    "hub@family.example",
    "B works for me, and the office",
    "Tuesday or Wednesday are fine, in person",
)


def _read(name: str):
    return read_message((LAYOUTS / name).read_bytes(), max_subject=500, max_body=20_000)


def test_every_layout_file_has_its_expected_reading():
    assert sorted(EXPECTED) == sorted(path.name for path in LAYOUTS.glob("*.eml"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_reader_leaves_the_senders_own_text(name):
    reply = _read(name).reply_text
    assert reply == EXPECTED[name]
    assert not [line for line in INVITATION if line in reply]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_reading_does_not_depend_on_the_reply_parser_library(name, monkeypatch):
    # Beyond its size limit, or when it fails, mail-parser-reply is not asked: the
    # client's own marks must be enough to find the quote.
    from mailbridge import replies

    class Failing:
        def parse_reply(self, text):
            raise RuntimeError("parser unavailable")

    monkeypatch.setattr(replies, "_parser", Failing())
    assert _read(name).reply_text == EXPECTED[name]


def _html_alternative(name: str) -> str | None:
    msg = message_from_bytes((LAYOUTS / name).read_bytes(), policy=policy.default)
    parts = [part for part in msg.walk() if part.get_content_type() == "text/plain"]
    html = [part for part in msg.walk() if part.get_content_type() == "text/html"]
    return html[0].get_content() if parts and html else None


WITH_HTML = [name for name in sorted(EXPECTED) if _html_alternative(name)]


@pytest.mark.parametrize("name", WITH_HTML)
def test_the_html_alternative_alone_reads_as_the_plain_part(name):
    # Clients show the HTML; a reader given only it (an HTML-only client) gets the same
    # answer: blockquotes, gmail_quote, divRplyFwdMsg and GMX's quote divs read as quote.
    mail = _read(name)
    text, _ = html_reading(_html_alternative(name))
    got = strip_reply(text, sender_name=mail.sender_name, sender_address=mail.sender)

    def lines(s: str) -> list[str]:
        return [line for line in s.replace("\u2019", "'").splitlines() if line.strip()]

    assert lines(got) == lines(mail.reply_text)


def test_an_attached_message_stays_in_the_whole_text_below_a_forward_separator():
    mail = _read("fwd-attached-message.eml")
    assert "B works for me, and the office is fine." in mail.text
    assert "-------- Forwarded Message --------" in mail.text
    assert "B works" not in mail.reply_text
