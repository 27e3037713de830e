"""RFC 3676 format=flowed, as Thunderbird and Apple Mail send it, read whole again."""

from mailbridge.flowed import unflow
from mailbridge.reading import read_message


def test_soft_breaks_join_and_hard_breaks_stay():
    text = "Nicht Dienstag. Mittwoch im \nCafé passt mir.\nGrüße"
    assert unflow(text) == "Nicht Dienstag. Mittwoch im Café passt mir.\nGrüße"


def test_delsp_removes_the_space_that_marked_the_break():
    assert unflow("Mitt \nwoch", delsp=True) == "Mittwoch"


def test_quoted_paragraphs_join_within_their_depth_only():
    # "> " and ">>" are RFC 3676 quote depths; a soft break never crosses depths (4.5).
    text = ">> old \n>> line\n> newer \nanswer"
    assert unflow(text) == ">> old line\n> newer \nanswer"


def test_space_stuffing_and_the_signature_separator():
    # " From" was stuffed (4.4); "-- " ends in a space but is no soft break (4.3).
    text = "B works \n-- \nJörg\n From here"
    assert unflow(text) == "B works \n-- \nJörg\nFrom here"


THUNDERBIRD = (
    "From: =?UTF-8?Q?J=C3=B6rg_Albrecht?= <joerg@posteo.example>\r\n"
    "To: hub@family.example\r\n"
    "Subject: Re: [AIMP:m-7xk2p9] Q1 review\r\n"
    "User-Agent: Mozilla Thunderbird\r\n"
    "Content-Language: de-DE\r\n"
    "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
    "Content-Transfer-Encoding: 8bit\r\n"
    "\r\n"
    "Am 02.03.26 um 08:00 schrieb Family Hub of the Example Family \r\n"
    "<hub@family.example>:\r\n"
    "> Hi,\r\n"
    ">\r\n"
    "> A  Tue 3 Mar 10:00-11:00\r\n"
    "> B  Wed 4 Mar 14:00-15:00\r\n"
    "> Places: 1 Cafe Central, 2 Office 3F\r\n"
    "\r\n"
    "Nicht Dienstag. Mittwoch im Caf\xc3\xa9 passt mir, aber nur wenn wir \r\n"
    "rechtzeitig fertig sind.\r\n"
    "\r\n"
    "Gr\xc3\xbc\xc3\x9fe\r\n"
    "J\xc3\xb6rg\r\n"
    "\r\n"
    "-- \r\n"
    "J\xc3\xb6rg Albrecht\r\n"
    "Leipziger Str. 7, 10117 Berlin\r\n"
).encode("latin-1")


def test_a_thunderbird_reply_below_a_wrapped_german_attribution():
    mail = read_message(THUNDERBIRD, max_subject=200, max_body=5000)
    assert mail.reply_text == (
        "Nicht Dienstag. Mittwoch im Café passt mir, aber nur wenn wir rechtzeitig fertig sind."
    )


def test_a_part_without_format_flowed_keeps_its_trailing_spaces_as_breaks():
    raw = THUNDERBIRD.replace(b"; format=flowed", b"")
    mail = read_message(raw, max_subject=200, max_body=5000)
    assert "wenn wir \nrechtzeitig" in mail.text
