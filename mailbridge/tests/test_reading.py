"""Reading hostile bytes never raises and always respects the caps."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mailbridge.headers import decode_bytes, decode_header_value
from mailbridge.html_text import html_to_text
from mailbridge.mime_parts import safe_filename
from mailbridge.reading import fingerprint, read_message

_HEADERS = st.sampled_from(
    [
        b"From: a@b.c\r\n",
        b"To: x@y.z\r\n",
        b"Subject: =?utf-8?q?=E2=82=AC?=\r\n",
        b"Content-Type: multipart/mixed; boundary=B\r\n",
        b"Content-Type: text/html; charset=bogus\r\n",
        b"Content-Transfer-Encoding: base64\r\n",
        b"Content-Type: multipart/report; report-type=delivery-status; boundary=B\r\n",
        b"\r\n",
        b"--B\r\n",
        b"--B--\r\n",
        b"Content-Type: message/rfc822\r\n",
        b"Content-Type: message/delivery-status\r\n",
        b"Action: failed\r\nFinal-Recipient: rfc822; x@y.z\r\n",
        b"\x00\xff\xfe",
        b"Content-Disposition: attachment; filename=protocol.json\r\n",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_HEADERS, st.binary(max_size=200)), max_size=30))
def test_read_message_never_raises_and_caps(chunks):
    raw = b"".join(chunks)
    mail = read_message(raw, max_subject=50, max_body=300)
    assert len(mail.subject) <= 50 and len(mail.text) <= 300 and len(mail.reply_text) <= 300
    assert "\x00" not in mail.subject + mail.text
    fp = fingerprint(raw, max_subject=50, max_bytes=10_000)
    assert len(fp.body_hash) == 64 and fp.message_id.startswith("<")


def test_decode_bytes_survives_unknown_and_lying_charsets():
    assert decode_bytes("Zürich".encode(), "x-unknown") == "Zürich"
    assert decode_bytes("Zürich".encode("latin-1"), "utf-8") == "Zürich"
    assert decode_bytes(b"\xff\xfe\x00", "utf-8\x00garbage")


def test_header_decoding():
    assert decode_header_value("=?utf-8?q?Caf=C3=A9?= =?iso-8859-1?q?_Z=FCrich?=") == "Café Zürich"
    assert decode_header_value("=?bogus-charset?q?abc?=") == "abc"
    assert decode_header_value("line\r\n folded\x00") == "line folded"


def test_html_to_text_drops_scripts_and_marks_quotes():
    text = html_to_text(
        "<style>x</style><p>Hi&nbsp;there</p><blockquote><p>old</p></blockquote><script>bad()</script>"
    )
    assert text.splitlines()[0] == "Hi there"
    assert "> old" in text and "bad()" not in text and "x" not in text.splitlines()[0]


def test_safe_filename_keeps_only_the_last_component():
    assert safe_filename("../../etc/passwd") == "passwd"
    assert safe_filename("C:\\Windows\\evil.exe") == "evil.exe"
    assert safe_filename("..") == "attachment"


@pytest.mark.parametrize(
    ("status", "transient"),
    [("4.2.2", True), ("5.1.1", False), ("5.7.1 (refused)", False), ("", False)],
)
def test_a_dsn_whose_failures_are_all_4xx_is_a_soft_bounce(status, transient):
    from mailbridge.tests.dsn import dsn

    raw = dsn(
        to="hub@example.com",
        original_message_id="<m1@hub.example.com>",
        failed_recipient="eve@nowhere.example",
        status=status,
    )
    report = read_message(raw, max_subject=200, max_body=10_000).report
    assert report.failed_recipients == ("eve@nowhere.example",)
    assert report.transient is transient


def test_addresses_the_html_alternative_hides_are_blanked_in_the_plain_part():
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"] = "alice@example.com"
    msg["To"] = "hub@hub.example"
    msg["Subject"] = "Roadmap"
    msg.set_content("Roadmap with bob@example.com, carol@example.com and eve@evil.example")
    msg.add_alternative(
        '<p>Roadmap with bob@example.com, <a href="mailto:carol@example.com">Carol</a></p>'
        '<p style="display:none">and eve@evil.example</p>',
        subtype="html",
    )
    mail = read_message(msg.as_bytes(), max_subject=200, max_body=5000)
    assert mail.text.strip() == (
        "Roadmap with bob@example.com, carol@example.com and [hidden address]"
    )


def test_a_message_is_parsed_once_for_its_fingerprint_and_its_words(monkeypatch):
    from mailbridge import mime_parts

    parses = []
    real = mime_parts.message_from_bytes
    monkeypatch.setattr(
        mime_parts, "message_from_bytes", lambda raw, **kw: parses.append(raw) or real(raw, **kw)
    )
    monkeypatch.setattr(mime_parts, "_last_parsed", None)
    raw = b"From: a@example.com\r\nSubject: Hi\r\nMessage-ID: <m1@example.com>\r\n\r\nA and 1\r\n"
    fp = fingerprint(raw, max_subject=100, max_bytes=10_000)
    first = read_message(raw, max_subject=100, max_body=1000)
    assert len(parses) == 1 and fp.sender == first.sender == "a@example.com"
    # Another message is parsed afresh, and what is read does not depend on the memo.
    other = raw.replace(b"A and 1", b"B and 2")
    assert read_message(other, max_subject=100, max_body=1000).reply_text.strip() == "B and 2"
    assert read_message(raw, max_subject=100, max_body=1000) == first
    assert len(parses) == 3


def test_foxmails_own_address_signature_and_header_block_are_not_the_answer():
    # Foxmail's default signature is the writer's own address, above its 「发件人：」 block.
    body = (
        "周一和周四都可以，去3楼会议室。\n\n\n\nzhao.min@example.cn\n \n"
        "发件人： Hub\n发送时间： 2026-03-04 09:00\n收件人： 赵敏\n"
        "主题： [AIMP:m-7xk2p9] Q1 review\n您好，\nA  3月9日（周一）10:00-11:00\n"
    )
    raw = (
        b'From: "=?gb2312?B?1dTD9A==?=" <zhao.min@example.cn>\r\nTo: hub <hub@family.example>\r\n'
        b"Subject: Re: [AIMP:m-7xk2p9] Q1 review\r\nX-Mailer: Foxmail 7.2.25.228[cn]\r\n"
        b'Content-Type: text/plain; charset="gb2312"\r\n\r\n' + body.encode("gb2312")
    )
    mail = read_message(raw, max_subject=200, max_body=5000)
    assert mail.sender_name == "赵敏"
    assert mail.reply_text == "周一和周四都可以，去3楼会议室。"
