"""The lines mail clients write around quoted history, in the languages they write them. Pure.

mailbridge.replies decides what is new text; this module only recognises the furniture:
the attribution line above a ">"-quote, the separator above an unquoted copy, and the
header block Outlook writes at the top of such a copy.
"""

import re

# The line a client writes above a ">"-quoted message, as each client localises it. A
# date is always part of it, so outside English a digit is asked for: "Am Dienstag
# schrieb ich:" is no attribution, "Am 02.03.26 um 08:00 schrieb Hub:" is.
ATTRIBUTION = re.compile(
    r"^\s*(?:"
    # Gmail, Thunderbird, Apple Mail ("On 2 Mar 2026, at 08:00, Hub <h@x> wrote:").
    r"on\s.+wrote:"
    # Zoho, its copy often unquoted below: "---- On Mon, 02 Mar 2026 08:00:00 +0100 Hub<h@x>
    # wrote ----".
    r"|[-=]{2,}\s*on\s.+\swrote\s*[-=]{2,}"
    # Chinese clients and Gmail in Chinese ("在 2026年3月4日，Hub 写道：", "Hub 于…写道：").
    r"|.+写道[:：]"
    # mutt: "* Name <addr> [date]:".
    r"|\*\s.+<[^>]+@[^>]+>\s*\[.+\]:"
    # German (Thunderbird "Am 02.03.26 um 08:00 schrieb Hub:", Gmail "Am Mo., 2. März
    # 2026 um 08:00 Uhr schrieb Hub <h@x>:"), Dutch "Op … schreef …:", Swedish and Danish
    # "Den … skrev …:", Norwegian "… skrev … følgende:".
    r"|(?:am|op|den)\s.*\d.*\s(?:schrieb|schreef|skrev)\s.+:"
    # Gmail for Android and K-9 put the name first: "Hub <h@x> schrieb am Mo., 2. März
    # 2026, 08:00:", "… schreef op …:", "… skrev den …:".
    r"|.+\s(?:schrieb\s+am|schreef\s+op|skrev\s+den)\s.*\d.*:"
    # French "Le lun. 2 mars 2026 à 08:00, Hub <h@x> a écrit :", Spanish "El … escribió:",
    # Italian "Il giorno … ha scritto:", Portuguese "Em … escreveu:".
    r"|(?:le|el|il|em)\s.*\d.*\s(?:a\s+écrit|escribió|ha\s+scritto|escreveu)\s*:"
    # Polish Gmail "pon., 2 mar 2026 o 08:00 Hub <h@x> napisał(a):"; Czech "… napsal(a):",
    # Finnish "Hub <h@x> kirjoitti ma 2.3.2026 klo 8.00:", Turkish "… tarihinde şunu yazdı:".
    r"|.*\d.*\snapisał(?:\(a\))?\s*:"
    r"|(?=.*\d).+\s(?:napsal(?:\(a\))?|kirjoitti|şunu\s+yazdı)(?:\s.*)?:"
    # Japanese Gmail "2026年3月2日(月) 8:00 Hub <h@x>:", Korean "… Hub <h@x>님이 작성:",
    # Russian Gmail "пн, 2 мар. 2026 г. в 08:00, Hub <h@x>:" (a clock, the address, a
    # colon), Japanese iOS Mail "2026/03/02 8:00、Hub <h@x>のメール:".
    r"|\d{4}年\d{1,2}月\d{1,2}日.*<[^>]+@[^>]+>\s*[:：]|.+님이\s*작성\s*:"
    r"|.*\d{1,2}[:.]\d{2}.*<[^>]+@[^>]+>\)?\s*[:：]|.*\d.*のメール\s*[:：]"
    r")\s*$",
    re.IGNORECASE,
)
# The words an attribution starts with: Gmail wraps a long one ("On Mon, 2 Mar 2026 at
# 08:00, Family Hub <" then "hub@family.example> wrote:"), the first half starts so.
_ATTRIBUTION_OPENING = re.compile(r"^\s*(?:on|am|op|den|le|el|il|em)\s.*\d", re.IGNORECASE)

# The separator above an unquoted copy of the earlier message (Outlook "-----Original
# Message-----" and its translations, Foxmail's "---- Original ----", Chinese clients'
# 「原始邮件」, forward markers of Gmail, Thunderbird, Apple Mail and Zoho): nothing below
# it is the sender's new text. QQ Mail leaves "&nbsp;" in the plain part's separator.
_ORIGINAL = (
    r"original(?:\s+message)?|ursprüngliche\s+nachricht|originalnachricht|message\s+d'origine"
    r"|mensaje\s+original|messaggio\s+originale|oorspronkelijk\s+bericht|originalmeddelande"
    r"|oprindelig\s+meddelelse|opprinnelig\s+melding|wiadomość\s+oryginalna"
    r"|oryginalna\s+wiadomość|mensagem\s+original|původní\s+zpráva|alkuperäinen\s+viesti"
    r"|исходное\s+сообщение|元のメッセージ|원본\s*메시지"
    r"|原始邮件|(?:回复的)?原邮件|邮件原件|原始郵件"
    r"|forwarded\s+message|weitergeleitete\s+nachricht|message\s+transféré"
    r"|mensaje\s+reenviado|messaggio\s+inoltrato|doorgestuurd\s+bericht|mensagem\s+encaminhada"
    r"|vidarebefordrat\s+meddelande|videresendt\s+(?:meddelelse|melding)"
    r"|wiadomość\s+przekazana(?:\s+dalej)?|přeposlaná\s+zpráva|välitetty\s+viesti"
    r"|пересылаемое\s+сообщение|пересланное\s+сообщение|転送されたメッセージ|전달된\s*메시지"
    r"|转发邮件|转发的邮件|已转发邮件|轉寄郵件"
)
_SPACE = r"(?:\s|&nbsp;)*"
# Apple Mail's forward line, as it localises it ("Begin forwarded message:").
_FORWARD_LINE = (
    r"begin\s+forwarded\s+message|anfang\s+der\s+weitergeleiteten\s+nachricht"
    r"|début\s+du\s+message\s+réexpédié|inicio\s+del\s+mensaje\s+reenviado"
    r"|inizio\s+messaggio\s+inoltrato|begin\s+doorgestuurd\s+bericht"
    r"|início\s+da\s+mensagem\s+reencaminhada|以下是转发的邮件|转发的邮件|転送されたメッセージ"
)
HISTORY_START = re.compile(
    rf"^\s*(?:[-=_]{{2,}}{_SPACE}(?:{_ORIGINAL}){_SPACE}[-=_]{{2,}}|from:\s.+|发件人[:：].*|-----"
    rf"|(?:{_FORWARD_LINE})\s*[:：])\s*$",
    re.IGNORECASE,
)
# A forward (not a reply): what follows is a mail passed on, never a copy of the hub's own
# mail that the writer answered in.
FORWARD_START = re.compile(
    r"^\s*(?:[-=_]{2,}.*(?:forward|weitergeleitet|transféré|reenviado|inoltrato|doorgestuurd"
    rf"|encaminhada|vidarebefordrat|videresendt|przekazana|přeposlaná|välitetty|пересла|転送|전달|转发|轉寄)"
    rf".*[-=_]{{2,}}|(?:{_FORWARD_LINE})\s*[:：])\s*$",
    re.IGNORECASE,
)
# Outlook's header block above a copy, in the languages it writes it in: a sender line,
# then within five lines a subject line (Outlook always writes one). The pair, not one
# word, is the mark: "De : …" alone, or "Von: 3. März / An: 5. März", is the writer's.
# GMX, WEB.DE and some Outlooks write the date first ("Gesendet: …" above "Von: …"); a
# Gmail reply over an HTML one shows the names in bold ("*From:* Hub").
_BLOCK_FROM = re.compile(
    r"^\s*\*?(?:from|von|de|da|van|från|fra|od|от|lähettäjä|kimden|feladó"
    r"|发件人|寄件者|寄件人|差出人|보낸\s*사람)\s*\*?\s*[:：]\s*\*?\s*\S",
    re.IGNORECASE,
)
_BLOCK_SENT = re.compile(
    r"^\s*\*?(?:sent|date|gesendet|datum|envoyé|enviado(?:\s+el)?|fecha|inviato|data"
    r"|verzonden|skickat|sendt|wysłano|odesláno|lähetetty|отправлено|дата"
    r"|发送时间|日期|时间|寄件日期|傳送時間|送信日時|日付|보낸\s*날짜)\s*\*?\s*[:：]\s*\*?\s*\S",
    re.IGNORECASE,
)
BLOCK_SUBJECT = re.compile(
    r"^\s*\*?(?:subject|betreff|objet|asunto|oggetto|onderwerp|ämne|emne|temat|assunto"
    r"|předmět|aihe|konu|tárgy|тема|主\s*题|主\s*旨|件名|제목)\s*\*?\s*[:：]",
    re.IGNORECASE,
)
# What a writer puts where they cut the quote short ("[...]", "[snip]", "<snip>"): part
# of the quote, not an answer.
SNIP = re.compile(
    r"^\s*(?:\[\s*(?:\.{3}|…|snip(?:ped)?|schnipp|gekürzt|删节)\s*\]|<\s*snip(?:ped)?\s*>)\s*$",
    re.IGNORECASE,
)


def is_history_start(lines: list[str], index: int) -> bool:
    """True when lines[index] starts an unquoted copy of an earlier message."""
    line = lines[index].strip()
    if HISTORY_START.match(line):
        return True
    below = lines[index + 1 : index + 7]
    if _BLOCK_FROM.match(line):
        return any(BLOCK_SUBJECT.match(following) for following in below[:5])
    return (
        bool(_BLOCK_SENT.match(line))
        and any(_BLOCK_FROM.match(following) for following in below[:2])
        and any(BLOCK_SUBJECT.match(following) for following in below)
    )


def copy_below_attribution(lines: list[str], index: int) -> bool:
    """True when lines[index] is an attribution above an unquoted copy (Yahoo, 163, Zoho).

    Those clients write the earlier message below "On … wrote:" without ">" marks in
    their plain part: nothing below it is new.
    """
    if not ATTRIBUTION.match(lines[index].strip()):
        return False
    below = next((line for line in lines[index + 1 :] if line.strip()), "")
    return bool(below) and not below.lstrip().startswith(">")


def history_end(lines: list[str]) -> int:
    """The index where the copy of the earlier messages starts (len(lines) when none)."""
    return next(
        (
            index
            for index in range(len(lines))
            if not lines[index].lstrip().startswith(">")
            and (is_history_start(lines, index) or copy_below_attribution(lines, index))
        ),
        len(lines),
    )


def join_wrapped_attributions(lines: list[str]) -> list[str]:
    """Lines, with an attribution the client wrapped over two or three lines joined."""
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        joined = None
        if _ATTRIBUTION_OPENING.match(line) and not ATTRIBUTION.match(line.strip()):
            for width in (2, 3):
                parts = lines[index : index + width]
                if len(parts) == width and not any(p.lstrip().startswith(">") for p in parts):
                    candidate = " ".join(p.strip() for p in parts)
                    # Gmail wraps only for a long address, mid-line: "On 3 March I'm
                    # out." above "Bob wrote:" is two sentences of the writer's.
                    if (
                        ATTRIBUTION.match(candidate)
                        and "@" in candidate
                        and not re.search(r"[.!?。！？]\s*$", line)
                    ):
                        joined = (candidate, width)
                        break
        if joined:
            out.append(joined[0])
            index += joined[1]
        else:
            out.append(line)
            index += 1
    return out


# An attribution in a wording no pattern above knows (another language, another client):
# the line right above a ">"-quote that ends in a colon and carries what every client
# puts there, a clock with a year or an address, or an address with a year ("Xyz 2.3.2026
# 08:00, Hub <hub@x>:"). "Answers for Tue 3 Mar:" above the quote is the writer's.
_CLOCK = re.compile(r"\b\d{1,2}[:.]\d{2}\b")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def unknown_attribution(lines: list[str], index: int) -> bool:
    """True when lines[index] reads as an attribution above a ">"-quote, wording aside."""
    line = lines[index].strip()
    if not re.search(r"[:：]$", line) or line.startswith(">") or ATTRIBUTION.match(line):
        return False
    below = next((later for later in lines[index + 1 :] if later.strip()), "")
    if not below.lstrip().startswith(">"):
        return False
    if index and lines[index - 1].rstrip().endswith("<"):
        line = lines[index - 1].strip() + line  # wrapped inside the address
    clock, year, address = (bool(p.search(line)) for p in (_CLOCK, _YEAR, _ADDRESS))
    return (clock and (year or address)) or (address and year)
