"""Address headers: the plain forms' short way gives what the RFC 5322 parser gives."""

from email import message_from_bytes, policy
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mailbridge.headers import addresses_parsed, decode_header_value, header_addresses

ROOT = Path(__file__).resolve().parents[2]
NAME = st.text(alphabet="ABab09 .'_-\t\"(),<>@;:=?é", max_size=12)
LOCAL = st.text(alphabet='ab09._%+-@"', min_size=1, max_size=8)
DOMAIN = st.text(alphabet="ab09.-@", min_size=1, max_size=8)


def _slow(values):
    return addresses_parsed([str(v) for v in values])


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(NAME, LOCAL, DOMAIN, st.sampled_from(["<>", "", " <> "])), max_size=3))
def test_any_header_reads_as_the_library_reads_it(parts):
    values = []
    for name, local, domain, form in parts:
        address = f"{local}@{domain}"
        values.append(address if form == "" else f"{name}{form[:-1]}{address}{form[-1:]}")
    assert header_addresses(values) == _slow(values)


def test_the_headers_of_every_mail_in_the_corpora_read_as_the_library_reads_them():
    seen = 0
    for path in sorted(ROOT.glob("tests/**/*.eml")) + sorted(ROOT.glob("*/tests/**/*.eml")):
        msg = message_from_bytes(path.read_bytes(), policy=policy.compat32)
        for name in ("From", "To", "Cc", "Reply-To", "Delivered-To"):
            values = msg.get_all(name) or []
            if values:
                seen += 1
                assert header_addresses(values) == _slow(values), (path.name, values)
    assert seen > 50


def test_the_plain_forms_and_what_is_left_to_the_parser():
    assert header_addresses(["  Bob   Jones <Bob@X.Example> "]) == [("Bob Jones", "bob@x.example")]
    assert header_addresses(["carol@guest.example"]) == [("", "carol@guest.example")]
    assert header_addresses(['"Jones, Bob" <b@x.example>']) == [("Jones, Bob", "b@x.example")]
    assert header_addresses(["=?utf-8?b?5byg5Lyf?= <z@x.cn>"]) == [("张伟", "z@x.cn")]
    assert header_addresses(["a@x.example, b@y.example"]) == [
        ("", "a@x.example"),
        ("", "b@y.example"),
    ]
    assert header_addresses(["not an address"]) == []


def test_a_value_without_an_encoded_word_is_its_text():
    assert decode_header_value("Re:  Q1\treview\x00") == "Re: Q1 review"
    assert decode_header_value("=?utf-8?q?Caf=C3=A9?= plans") == "Café plans"
