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
    text = f"{attribution}\n{QUOTE}\nNicht Dienstag. B passt.\n\nGrüße\n"
    assert strip_reply(text) == "Nicht Dienstag. B passt.\n\nGrüße"


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
    assert kept == "Donnerstag passt, ich komme ins Büro.\n\nViele Grüße"


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
