"""Each client's quoting layout, shaped as the client writes it, and its near misses."""

import pytest

from mailbridge.replies import strip_reply
from mailbridge.replies_markers import is_history_start

QUOTE = "> Times:\n>   A. Tue 3 Mar 2026, 10:00\n>   B. Wed 4 Mar 2026, 14:00\n"


@pytest.mark.parametrize(
    "attribution",
    [
        # Thunderbird and Gmail in German.
        "Am 02.03.26 um 08:00 schrieb Hub:",
        "Am Mo., 2. März 2026 um 08:00 Uhr schrieb Family Hub <hub@family.example>:",
        # French (Gmail, Thunderbird), Spanish, Italian, Dutch, Swedish, Portuguese, Polish.
        "Le lun. 2 mars 2026 à 08:00, Family Hub <hub@family.example> a écrit :",
        "Le 02/03/2026 à 08:00, Hub a écrit :",
        "El lun, 2 mar 2026 a las 08:00, Family Hub (<hub@family.example>) escribió:",
        "Il giorno lun 2 mar 2026 alle ore 08:00 Family Hub <hub@family.example> ha scritto:",
        "Op ma 2 mrt 2026 om 08:00 schreef Family Hub <hub@family.example>:",
        "Den mån 2 mars 2026 kl 08:00 skrev Family Hub <hub@family.example>:",
        "Em seg., 2 de mar. de 2026 às 08:00, Family Hub <hub@family.example> escreveu:",
        "pon., 2 mar 2026 o 08:00 Family Hub <hub@family.example> napisał(a):",
        # Japanese Gmail; Apple Mail's "On …, at …, … wrote:".
        "2026年3月2日(月) 8:00 Family Hub <hub@family.example>:",
        "On 2 Mar 2026, at 08:00, Family Hub <hub@family.example> wrote:",
    ],
)
def test_a_localised_attribution_above_a_bottom_posted_answer_is_dropped(attribution):
    # The closing formula ("Grüße") below the answer goes with the signature.
    text = f"{attribution}\n{QUOTE}\nNicht Dienstag. B passt.\n\nGrüße\n"
    assert strip_reply(text) == "Nicht Dienstag. B passt."


def test_gmails_wrapped_attribution_is_one_line_and_dropped():
    # Gmail wraps its plain-text attribution at 78 columns, inside the address.
    text = (
        "On Mon, 2 Mar 2026 at 08:00, Family Hub of the Example Family <\n"
        "hub@family.example> wrote:\n" + QUOTE + "\nB works\n"
    )
    assert strip_reply(text) == "B works"


@pytest.mark.parametrize(
    "own",
    [
        "On Tuesday I wrote the report: B works",
        "Am Dienstag schrieb ich den Bericht: B passt",
        # Two sentences of the writer's, the second ending "wrote:", are not joined.
        "On 3 March I am out.\nBob <bob@x.example> wrote:",
    ],
)
def test_a_line_shaped_like_an_attribution_but_written_by_the_sender_is_kept(own):
    assert own.splitlines()[0] in strip_reply(own + "\n" + QUOTE)


@pytest.mark.parametrize(
    "separator",
    [
        "-----Ursprüngliche Nachricht-----",
        "-----Message d'origine-----",
        "-----Mensaje original-----",
        "-------- Weitergeleitete Nachricht --------",
        "Anfang der weitergeleiteten Nachricht:",
    ],
)
def test_a_localised_original_message_separator_ends_the_new_text(separator):
    text = f"Donnerstag passt.\n\n{separator}\nHi,\nP.S. A. Tue 3 Mar 2026\n"
    assert strip_reply(text) == "Donnerstag passt."


@pytest.mark.parametrize(
    "block",
    [
        "Von: Hub <hub@family.example>\nGesendet: Montag, 2. März 2026 08:00\n"
        "An: Vogel, Katrin <k@x.example>\nBetreff: [AIMP:m-1] Q1 review\n",
        "De : Hub <hub@family.example>\nEnvoyé : lundi 2 mars 2026 08:00\n"
        "À : Claire <c@x.example>\nObjet : [AIMP:m-1] Q1 review\n",
        "发件人: Hub <hub@family.example>\n发送时间: 2026年3月2日 8:00\n主题: [AIMP:m-1] Q1 review\n",
    ],
)
def test_outlooks_localised_header_block_below_a_signature_line_ends_everything(block):
    # Outlook's "____" line is a signature separator; a P.S. is looked for below it, and
    # must not be found in the copy of the invitation under the header block.
    text = f"C passt.\n\n________________________________\n{block}\nP.S. A works too\n"
    assert strip_reply(text) == "C passt."


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("Von: Hub <hub@x>\nGesendet: Montag\nAn: Katrin\nBetreff: Q1", True),
        ("De : Hub <hub@x>\nEnvoyé : lundi\nObjet : Q1", True),
        # Near misses: header-like lines with no subject line below are the writer's.
        ("Von: 3. März\nAn: 5. März\nalso nur D.", False),
        ("De : Paris, à Lyon\nle 3 mars", False),
    ],
)
def test_a_header_block_is_a_sender_line_with_a_subject_line_below(text, starts):
    assert is_history_start(text.splitlines(), 0) is starts


def test_a_directory_name_last_first_still_finds_the_signature():
    # Exchange shows "Vogel, Katrin"; she signs "Katrin Vogel" below a closing.
    text = (
        "Donnerstag passt, ich komme ins Büro.\n\nViele Grüße\nKatrin Vogel\n\n"
        "Example Versicherung AG | Königstraße 12\nVorstand: Dr. Hans Beispiel"
    )
    kept = strip_reply(text, sender_name="Vogel, Katrin")
    assert kept == "Donnerstag passt, ich komme ins Büro."


def test_foxmails_signature_of_the_senders_own_address_is_cut():
    text = "周一和周四都可以，去3楼会议室。\n\n\n\nzhao.min@example.cn\n \n发件人： Hub\n主题： x"
    kept = strip_reply(text, sender_name="赵敏", sender_address="zhao.min@example.cn")
    assert kept == "周一和周四都可以，去3楼会议室。"
    # Near miss: another address, written as part of the answer, is kept.
    text = "B works.\n\nbob@example.cn\nwill join too"
    assert strip_reply(text, sender_address="zhao.min@example.cn") == text


DELEGATED = (
    "Hi,\n\nForwarding on behalf of David Chen, please see his availability below.\n\n"
    "Best regards,\nLinda Park\n\n"
    "From: David Chen <david.chen@northwind.example>\n"
    "Sent: Friday, May 15, 2026 5:02 PM\n"
    "To: Linda Park <linda.park@northwind.example>\n"
    "Subject: FW: [AIMP:m-1] Q1 review\n\n"
    "Linda, Monday afternoon or Wednesday are fine. Not Monday morning.\n"
    "D.\n\n"
    "From: Hub <hub@family.example>\n"
    "Sent: Friday, May 15, 2026 4:00 PM\n"
    "Subject: [AIMP:m-1] Q1 review\n\n"
    "A  Mon 18 May 09:00-09:30\nB  Mon 18 May 13:00-13:30\n"
)


def test_a_delegate_pointing_at_the_answer_below_gets_no_words_from_the_copy():
    # Still someone else's words, quoted: the hub asks the writer for their own answer.
    kept = strip_reply(DELEGATED, sender_name="Linda Park")
    assert "Monday afternoon" not in kept and "Mon 18 May" not in kept


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A note forwarded "just so you know" is someone else's: not the answer.
        ("Forwarding on behalf of David Chen, please see his availability below.",
         "Forwarding David's note below just so you know why he is away."),
        # The copy is the hub's own invitation, not a mail in between.
        ("Subject: FW: [AIMP:m-1] Q1 review", "Subject: [AIMP:m-1] Q1 review"),
    ],
)  # fmt: skip
def test_a_forwarded_mail_not_offered_as_the_answer_stays_out(old, new):
    kept = strip_reply(DELEGATED.replace(old, new), sender_name="Linda Park")
    assert "Monday afternoon" not in kept and "Mon 18 May" not in kept


# Inline answers: where the label of the option above still holds.
OPTIONS = ">   A. Tue 3 Mar 2026, 10:00-11:00\n{a}>   B. Wed 4 Mar 2026, 14:00-15:00\n{b}> Thanks\n"


def test_an_answer_below_a_blank_quoted_line_still_names_the_option_above():
    # Gmail and Thunderbird keep the quote's own blank line (">") above the answer.
    text = "On Mon, Hub wrote:\n" + OPTIONS.format(a=">\n\nno\n\n", b=">\n\nyes\n\n")
    assert strip_reply(text) == "A: no\nB: yes"


def test_an_answer_below_a_wrapped_option_still_names_it():
    text = (
        "> A  Tue 3 Mar 10:00-11:00 (Bob can only join from 10:30, so we would\n"
        "> start with the budget)\n\nok\n\n> B  Wed 4 Mar 14:00-15:00\n\nno\n\n> Thanks\n"
    )
    assert strip_reply(text) == "A: ok\nB: no"


def test_a_heading_between_the_option_and_the_answer_ends_the_option():
    # Near miss: "> Places:" is the invitation's next part; the answer below is not A's.
    text = "> Times:\n>   A. Tue 3 Mar\n>\n> Places:\n\nZoom please\n\n> Thanks\n"
    assert strip_reply(text) == "Zoom please"


def test_an_arrow_behind_a_quoted_option_is_the_writers_answer_to_it():
    text = OPTIONS.format(a="", b="").replace("14:00-15:00", "14:00-15:00   <-- this one")
    assert strip_reply("See the arrow.\n\n" + text) == "See the arrow.\nB: this one"
    # Near miss: behind a line quoted twice, the arrow was the earlier writer's.
    deeper = text.replace(">   B.", ">>   B.")
    assert strip_reply("See the arrow.\n\n" + deeper) == "See the arrow."


@pytest.mark.parametrize("snip", ["[...]", "[…]", "[snip]", "<snip>"])
def test_where_the_writer_cut_the_quote_short_is_quote(snip):
    text = f"On Mon, Hub wrote:\n> Hello Carol,\n{snip}\n>   B. Wed 4 Mar\n{snip}\n\nB works.\n"
    assert strip_reply(text) == "B works."


# The copy of the earlier message: where it starts, in each client's wording.
@pytest.mark.parametrize(
    "attribution",
    [
        # Gmail for Android and K-9 with the name first; Russian, Czech, Finnish, Turkish
        # Gmail; Japanese iOS Mail; Zoho's dashed line.
        "Family Hub <hub@family.example> schrieb am Mo., 2. März 2026, 08:00:",
        "Family Hub <hub@family.example> schreef op ma 2 mrt 2026 om 08:00:",
        "пн, 2 мар. 2026 г. в 08:00, Family Hub <hub@family.example>:",
        "po 2. 3. 2026 v 8:00 odesílatel Family Hub <hub@family.example> napsal:",
        "Family Hub <hub@family.example> kirjoitti ma 2.3.2026 klo 8.00:",
        "Family Hub <hub@family.example>, 2 Mar 2026 Pzt, 08:00 tarihinde şunu yazdı:",
        "2026/03/02 8:00、Family Hub <hub@family.example>のメール:",
        "---- On Mon, 02 Mar 2026 08:00:00 +0100 Family Hub<hub@family.example> wrote ----",
    ],
)
def test_more_attributions_above_a_quote_are_dropped(attribution):
    assert strip_reply(f"Mittwoch geht.\n\n{attribution}\n{QUOTE}") == "Mittwoch geht."


def test_an_attribution_above_an_unquoted_copy_ends_the_new_text():
    # Yahoo, 163 and Zoho write the earlier message without ">" below the attribution.
    text = (
        '周二可以。\n\n在 2026-03-02 08:00:00，"Hub" <hub@x.example> 写道：\n\nA  Tue 3 Mar 10:00\n'
    )
    assert strip_reply(text) == "周二可以。"


@pytest.mark.parametrize(
    "separator",
    [
        "------------------ Original ------------------",  # Foxmail and QQ Mail in English
        "------------------&nbsp;原始邮件&nbsp;------------------",  # QQ Mail's plain part
        "-----元のメッセージ-----",
        "-----Исходное сообщение-----",
        "---------- Mensagem encaminhada ---------",
        "============ Forwarded message ============",  # Zoho
        "Inicio del mensaje reenviado:",
    ],
)
def test_more_separators_above_a_copy_end_the_new_text(separator):
    assert strip_reply(f"Mittwoch geht.\n\n{separator}\nHello,\nA. Tue 3 Mar\n") == "Mittwoch geht."


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        # GMX and WEB.DE write the date first; a Gmail reply over HTML mail shows bold marks.
        ("Gesendet: Montag, 02. März 2026\nVon: Hub <hub@x>\nAn: Tom\nBetreff: Q1", True),
        ("*From:* Hub <hub@x>\n*Sent:* Monday\n*To:* Carol\n*Subject:* Q1", True),
        ("差出人: Hub <hub@x>\n送信日時: 2026年3月2日\n件名: Q1", True),
        ("보낸 사람: Hub <hub@x>\n받는 사람: 김지은\n제목: Q1", True),
        ("От: Hub <hub@x>\nОтправлено: 2 марта\nТема: Q1", True),
        ("发件人：Hub <hub@x>\n发送时间：2026年3月2日\n主　题：Q1", True),
        # Near misses: a date line with no sender line right below, or no subject line.
        ("Datum: Dienstag passt\nalso B\nund C\nVon: mir aus\nBetreff: egal", False),
        ("Date: Tuesday\nFrom: 10:00, if that works", False),
    ],
)
def test_a_header_block_may_start_with_its_date_line(text, starts):
    assert is_history_start(text.splitlines(), 0) is starts


# Where the writer's words end: mobile clients' lines and the closing formula.
@pytest.mark.parametrize(
    "furniture",
    [
        "Von meinem iPhone gesendet",
        "Envoyé de mon iPhone",
        "Enviado desde mi iPhone",
        "Inviato da iPhone",
        "Verzonden vanaf mijn iPhone",
        "Sent with Proton Mail secure email.",
        "iPhoneから送信",
        "Gesendet mit der WEB.DE Mail App",
    ],
)
def test_a_mobile_clients_line_ends_the_text(furniture):
    assert strip_reply(f"B passt.\n\n{furniture}\n") == "B passt."


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "Thursday works, I'll be on Zoom.\nGrüße aus Köln\nJürgen",
            "Thursday works, I'll be on Zoom.",
        ),
        ("Mercredi me convient.\n\nCordialement,\nJürgen", "Mercredi me convient."),
        ("周三可以。\n\n祝好\nJürgen", "周三可以。"),
        ("B works.\n\nKind regards,", "B works."),
        # Near misses: a closing with more on the line is what he wrote; a mail that is
        # all "Thanks!" keeps it.
        ("B works.\n\nThanks, see you Thursday!\nJürgen", "B works.\n\nThanks, see you Thursday!"),
        ("Thanks!", "Thanks!"),
    ],
)
def test_the_closing_formula_goes_with_the_signature(text, kept):
    assert strip_reply(text, sender_name="Jürgen Schäfer") == kept


# Outlook's copy: only the hub's own invitation, replied to directly, carries answers.
COPY = (
    "Answers below.\n\n{separator}From: Family Hub <hub@family.example>\n"
    "Sent: Monday, March 2, 2026 8:00 AM\nSubject: {subject}\n\n"
    "A  Tue 3 Mar 10:00-11:00\nYES\nB  Wed 4 Mar 14:00-15:00\nPlaces: 1 Zoom, 2 Office 3F\nZOOM\n"
)


def test_answers_typed_under_flush_left_options_of_the_copy_are_read():
    text = COPY.format(separator="", subject="[AIMP:m-1] Q1 review")
    assert strip_reply(text) == "Answers below.\nA: YES\nZOOM"


@pytest.mark.parametrize(
    ("separator", "subject"),
    [
        # Near misses: a forward, or a mail in between ("RE:", "FW:"), is someone else's.
        ("---------- Forwarded message ---------\n", "[AIMP:m-1] Q1 review"),
        ("", "FW: [AIMP:m-1] Q1 review"),
        ("", "RE: [AIMP:m-1] Q1 review"),
    ],
)
def test_lines_in_a_forwarded_or_in_between_copy_are_no_answers(separator, subject):
    assert strip_reply(COPY.format(separator=separator, subject=subject)) == "Answers below."


def test_the_invitations_own_lines_under_a_flush_left_option_are_no_answers():
    # Near miss: a label with its value, a note in brackets, below the last option.
    text = (
        COPY.format(separator="", subject="[AIMP:m-1] Q1 review")
        .replace("YES\n", "Where: Room 401\n")
        .replace("ZOOM\n", "(all times CET)\n")
    )
    assert strip_reply(text) == "Answers below."


@pytest.mark.parametrize(
    "attribution",
    [
        # Wordings no pattern knows: a clock with a year or an address, a colon, the quote.
        "Xyz 2.3.2026 08:00, Family Hub <hub@family.example>:",
        "Family Hub <hub@family.example> 2026-03-02:",
        "Tuesday 2 Mar 2026 08:00 Family Hub <\nhub@family.example> scripsit:",
    ],
)
def test_an_attribution_in_an_unknown_wording_above_the_quote_is_dropped(attribution):
    # Left in, its date would be read as the writer's answer.
    assert strip_reply(f"Mittwoch geht.\n\n{attribution}\n{QUOTE}") == "Mittwoch geht."


def test_the_writers_own_line_with_a_date_above_the_quote_is_kept():
    # Near miss: no clock with a year, no address.
    text = f"My answers for Tue 3 Mar:\n{QUOTE}\nyes\n\n> Thanks\n"
    assert strip_reply(text).startswith("My answers for Tue 3 Mar:")


def test_answers_in_a_copy_below_another_writers_unquoted_message_are_not_read():
    # Near miss: Yahoo leaves Bob's mail unquoted below its attribution; the hub's copy
    # under it holds Bob's answers, not the writer's.
    bob = "On Mon, 2 Mar 2026 at 09:00, Bob <bob@x.example> wrote:\n\n"
    text = "B works.\n\n" + bob + COPY.format(separator="", subject="[AIMP:m-1] Q1 review")
    assert strip_reply(text) == "B works."
