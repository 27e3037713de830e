"""Where the writer's words end: signatures, mobile clients' lines, closings. Pure.

mailbridge.replies keeps the new text of a reply; this module cuts what follows it (a
signature, "Sent from my iPhone", a disclaimer) and the closing formula right above it
("Kind regards,", "Viele Grüße aus Köln"), keeping a postscript written below.
"""

import re

from mailbridge.replies_markers import is_history_start

# The signature separator (RFC 3676 4.3 "-- "), Outlook's rule "____", a line of dashes:
# below it is the signature.
_SIGNATURE_SEP = re.compile(r"^\s*(?:-{2,}\s*|__+|—+)\s*$")
# What mobile clients, webmails and mail gateways add below the text, as each localises
# it: the end of what was written.
_SIGNATURE_START = re.compile(
    r"^\s*(?:get\s+outlook\s+for\s+\w+|sent\s+from\s+(?:my\s+)?\w+(?:\s+mail)?(?:\s+(?:on|for)\s+\w+)?"
    r"|sent\s+with\s+proton\s*mail"
    r"|von\s+meinem\s+.{1,40}\s+gesendet|gesendet\s+(?:von|mit|vom)\s+\w+"
    r"|holen\s+sie\s+sich\s+outlook|envoyé\s+(?:de|depuis)\s+mon\s+\w+|obtenir\s+outlook"
    r"|enviado\s+(?:desde|do|de)\s+(?:mi|meu|o\s+meu)\s+\w+|obtener\s+outlook"
    r"|inviato\s+da\s+\w+|scarica\s+outlook|verzonden\s+(?:vanaf|met|van)\s+\w+"
    r"|skickat\s+från\s+\w+|sendt\s+fra\s+(?:min\s+)?\w+|wysłane\s+z\s+\w+|odesláno\s+z\s+\w+"
    r"|отправлено\s+(?:с|из)\s+\w+|\S+\s*から送信|\S+에서\s*보냄"
    r"|发自我的\w+|从我的\w+发送|来自\w+客户端|发送自\s*\S+|獲取\s*outlook|获取\s*outlook"
    r"|(?:this|the\s+information\s+in\s+this)\s+(?:e-?mail|message)\b.*\b(?:confidential|intended)"
    r"|confidentiality\s+notice|disclaimer:)",
    re.IGNORECASE,
)
# The closing formula above a signature or at the end of the text, the whole line, as
# writers sign off in the languages the hub meets ("Kind regards,", "Viele Grüße aus
# Köln", "Cordialement", "祝好"). A line with more on it ("Thanks, see you Thursday")
# is the writer's words.
_CLOSING = re.compile(
    r"^\s*(?:"
    r"(?:(?:kind|best|warm|warmest|many|with\s+(?:kind|best)|all\s+the)\s+)?(?:regards|wishes|best)"
    r"|cheers|thanks(?:\s+(?:again|a\s+lot|so\s+much))?|thank\s+you|many\s+thanks|sincerely"
    r"|yours(?:\s+(?:truly|sincerely))?|take\s+care|talk\s+soon|greetings"
    r"|(?:(?:viele|liebe|beste|herzliche|freundliche|schöne|sonnige)\s+)?(?:grüße|grüsse|gruesse"
    r"|gruß|gruss)|mit\s+freundlichen\s+grüßen|mfg|lg|vg|danke(?:\s+schön)?|dankeschön"
    r"|vielen\s+dank|bis\s+bald|tschüss|ciao"
    r"|(?:bien\s+)?cordialement|bien\s+à\s+(?:vous|toi)|merci(?:\s+beaucoup)?|amicalement"
    r"|à\s+bientôt|bonne\s+journée|bises"
    r"|(?:un\s+)?saludos?(?:\s+cordiales)?|atentamente|gracias|un\s+abrazo"
    r"|(?:cordiali\s+)?saluti|un\s+saluto|grazie(?:\s+mille)?|a\s+presto"
    r"|(?:met\s+)?vriendelijke\s+groet(?:en)?|(?:hartelijke\s+)?groet(?:en|jes)?|mvg|bedankt"
    r"|(?:med\s+)?vänliga\s+hälsningar|hälsningar|mvh|(?:med\s+)?venlig\s+hilsen"
    r"|vennlig\s+hilsen|hilsen|tack"
    r"|pozdrawiam|pozdrowienia|z\s+poważaniem|dziękuję"
    r"|cumprimentos|atenciosamente|abraços?|obrigad[oa]|saudações"
    r"|с\s+уважением|спасибо|всего\s+доброго"
    r"|祝好|此致|敬礼|此致敬礼|谢谢|謝謝|祝商祺|顺祝商祺|顺颂商祺"
    r"|よろしくお願い(?:いた)?します|宜しくお願いします|감사합니다|고맙습니다"
    r")(?:\s+(?:aus|from|de|da|uit|från|z)\s+\S+(?:\s+\S+)?)?\s*[,.!。！~]*\s*$",
    re.IGNORECASE,
)


def cut_signature(lines: list[str], sender_name: str = "", address: str = "") -> list[str]:
    """The lines before the signature or an unquoted copy, closing formula left out."""
    names = _own_names(sender_name)
    written = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        history = is_history_start(lines, index)
        if (
            _SIGNATURE_SEP.match(line)
            or history
            or _SIGNATURE_START.match(stripped)
            or (written and names and len(stripped) <= 80 and names.match(stripped))
            or (written and _starts_contact_block(lines, index))
            or (written and _signs_below_closing(lines, index))
            or (written and _card_line(stripped))
            or (written and address and stripped.lower() == address.lower())
        ):
            if history:
                return _without_closing(lines[:index])
            index = _block_start(lines, index)
            return _without_closing(lines[:index]) + _postscript(lines[index + 1 :])
        written = written or bool(stripped)
    return _without_closing(lines)


def _without_closing(lines: list[str]) -> list[str]:
    """The lines without the closing formula (and blank lines) they end with.

    Only when words of the writer's stay above it: a mail that is all "Thanks!" keeps it.
    """
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if end and _CLOSING.match(lines[end - 1]) and any(line.strip() for line in lines[: end - 1]):
        end -= 1
        while end and not lines[end - 1].strip():
            end -= 1
    return lines[:end]


# "P.S. out of office Wed", "PS: D works too", 「附：周四不行」 below the signature: the
# writer's own words, kept; the signature's other lines (an address, office hours) are not.
_POSTSCRIPT = re.compile(r"^\s*(?:p\.?\s?s\.?(?:\s*[:：,-])?(?![\w.])|附言?[:：])", re.IGNORECASE)


def _postscript(lines: list[str]) -> list[str]:
    """The postscript below a signature, up to a blank line or the earlier message."""
    for index, line in enumerate(lines):
        if is_history_start(lines, index):
            return []
        if _POSTSCRIPT.match(line):
            kept: list[str] = []
            for at in range(index, len(lines)):
                stripped = lines[at].strip()
                if not stripped or is_history_start(lines, at) or _SIGNATURE_START.match(stripped):
                    break
                kept.append(lines[at])
            return ["", *kept]
    return []


# A signature's first line is a name ("Jordan Smith", "Carol A. Bennett", "Dr. Stefan
# Braun", "Prof. H. Lindqvist") after a blank line; a phone number, an e-mail address, a
# web address or a postal address a few lines below confirms it.
_TITLE = r"(?:Dr|Prof|Mr|Mrs|Ms|Mx|Mag|Ing|Dipl\.-Ing|Sir|Dame|Rev)\.?"
# A name's word, never a word an answer is made of ("B. Thursday", "C. Works").
_WORD = (
    r"(?!(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Satur|Sun)(?:day)?\b|Works?\b|Fine\b|Ok(?:ay)?\b"
    r"|Thanks\b|Good\b|Great\b|Yes\b|No\b|Both\b|All\b|Only\b)[A-Z][a-zà-ÿß'-]+"
)
_NAME_LINE = re.compile(
    rf"^(?:{_TITLE}\s+){{0,2}}(?:[A-Z][a-zà-ÿß'-]+|[A-Z]\.)(?:\s+[A-Z]\.)*(?:\s+{_WORD}){{1,2}}$"
)
# A title before a name, or an initial before a surname, heads a signature wherever it
# stands below the writer's words: "Prof. H. Lindqvist" is never an answer.
_TITLED_NAME = re.compile(rf"^{_TITLE}\s+(?:[A-Z]\.\s*)*{_WORD}(?:\s+{_WORD})?$")
# A postal address: a postcode and a town ("20457 Hamburg", "Berlin 10117"), with only
# a card's words around it (capitals, numbers, "|", ","); "meet at 10117 Berlin" is no card.
_POSTCODE_TOWN = re.compile(
    r"\b\d{4,5}\s+[A-ZÄÖÜ][\wäöüß-]+|\b[A-Z][a-z]+,?\s+(?:[A-Z]{2}\s+)?\d{5}\b"
    r"|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b"  # London W1U 3BW
)
_CARD_WORDS = re.compile(
    r"^(?:[A-ZÄÖÜ\d][\w.'&/-]*|[|,·•]|am|an|der|de|la|van|von|und|and|of|für|str\.)$"
)
_CONTACT_LINE = re.compile(
    r"(?:\+?\(?\d{2,4}\)?[\s./-]*){2,}\d{2,}|[\w.+-]+@[\w-]+\.\w|https?://|www\.", re.I
)
# A line of a signature card that may head it: a company, a department, a job title.
_CARD_HEAD = re.compile(
    r"\b(?:GmbH|AG|Ltd|LLC|Inc|plc|S\.A\.|B\.V\.|Department|University|Universität|Institute"
    r"|Manager|Director|Analyst|Engineer|Officer|Partner|Geschäftsführer(?:in)?)\b|\|"
)


# A street and its number on a card: "Hauptstr. 2", "Am Hafen 4", "12 Baker Street".
_STREET = re.compile(
    r"(?:str\.|(?:straße|strasse|street|road|avenue|weg|platz|allee|gasse|lane|ring|damm|ufer)\b)"
    r"|^(?:Am|An\s+der|Im|Auf\s+der)\s",
    re.I,
)


def _card_words(stripped: str) -> bool:
    words = stripped.replace("|", " | ").replace(",", " , ").split()
    return bool(words) and all(_CARD_WORDS.match(w) for w in words)


def _card_line(stripped: str) -> bool:
    """True for a titled name or a postal address line: a signature's, never an answer."""
    if _TITLED_NAME.match(stripped):
        return True
    return bool(_POSTCODE_TOWN.search(stripped)) and _card_words(stripped)


def _card_head(line: str) -> bool:
    """True for a line a card may hold above its address: a name, a company, a street."""
    if _NAME_LINE.match(line) or _TITLED_NAME.match(line) or _CARD_HEAD.search(line):
        return True
    return bool(_STREET.search(line) and re.search(r"\d", line)) and _card_words(line)


def _starts_contact_block(lines: list[str], index: int) -> bool:
    """True when a name line after a blank line heads a block holding contact details."""
    if index == 0 or lines[index - 1].strip() or not _NAME_LINE.match(lines[index].strip()):
        return False
    return any(
        _CONTACT_LINE.search(line) or _card_line(line.strip())
        for line in lines[index + 1 : index + 7]
    )


def _signs_below_closing(lines: list[str], index: int) -> bool:
    """True for a closing line ("Best regards,") with a name line right under it."""
    if not _CLOSING.match(lines[index]):
        return False
    below = next((line.strip() for line in lines[index + 1 :] if line.strip()), "")
    return bool(_NAME_LINE.match(below) or _TITLED_NAME.match(below))


def _block_start(lines: list[str], index: int) -> int:
    """Where the signature a line belongs to begins: its name or company lines above it."""
    while index > 1 and lines[index - 1].strip():
        if not _card_head(lines[index - 1].strip()):
            break
        if not lines[index - 2].strip() or _CLOSING.match(lines[index - 2]):
            return index - 1  # a block of its own, after a blank line or the closing
        index -= 1
    return index


def _own_names(sender_name: str) -> re.Pattern[str] | None:
    """A line that starts with the sender's full or first name ("Carol", "Carol White |")."""
    words = re.findall(r"[^\W\d_]{2,}", sender_name)
    if not words:
        return None
    full = r"\s+".join(re.escape(w) for w in words)
    if "," in sender_name and len(words) >= 2:
        # A company directory's "Vogel, Katrin" (Outlook/Exchange): she signs "Katrin
        # Vogel", and her first name is the last word.
        words = [*words[1:], words[0]]
        turned = r"\s+".join(re.escape(w) for w in words)
        full = rf"(?:{full}|{turned})"
    # Or one word and then the full name, all the line ("白卡罗 Carol White"): a name in
    # two scripts, as Chinese signatures write it.
    return re.compile(rf"^(?:{full}|{re.escape(words[0])})(?![^\W\d_])|^\S{{1,12}}\s+{full}\s*$")
