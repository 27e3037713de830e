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
    # Chinese clients and Gmail in Chinese ("在 2026年3月4日，Hub 写道：", "Hub 于…写道：").
    r"|.+写道[:：]"
    # mutt: "* Name <addr> [date]:".
    r"|\*\s.+<[^>]+@[^>]+>\s*\[.+\]:"
    # German (Thunderbird "Am 02.03.26 um 08:00 schrieb Hub:", Gmail "Am Mo., 2. März
    # 2026 um 08:00 Uhr schrieb Hub <h@x>:"), Dutch "Op … schreef …:", Swedish and Danish
    # "Den … skrev …:", Norwegian "… skrev … følgende:".
    r"|(?:am|op|den)\s.*\d.*\s(?:schrieb|schreef|skrev)\s.+:"
    # French "Le lun. 2 mars 2026 à 08:00, Hub <h@x> a écrit :", Spanish "El … escribió:",
    # Italian "Il giorno … ha scritto:", Portuguese "Em … escreveu:".
    r"|(?:le|el|il|em)\s.*\d.*\s(?:a\s+écrit|escribió|ha\s+scritto|escreveu)\s*:"
    # Polish Gmail "pon., 2 mar 2026 o 08:00 Hub <h@x> napisał(a):".
    r"|.*\d.*\snapisał(?:\(a\))?\s*:"
    # Japanese Gmail "2026年3月2日(月) 8:00 Hub <h@x>:", Korean "… Hub <h@x>님이 작성:".
    r"|\d{4}年\d{1,2}月\d{1,2}日.*<[^>]+@[^>]+>\s*[:：]|.+님이\s*작성\s*:"
    r")\s*$",
    re.IGNORECASE,
)
# The words an attribution starts with: Gmail wraps a long one ("On Mon, 2 Mar 2026 at
# 08:00, Family Hub <" then "hub@family.example> wrote:"), the first half starts so.
_ATTRIBUTION_OPENING = re.compile(r"^\s*(?:on|am|op|den|le|el|il|em)\s.*\d", re.IGNORECASE)

# The separator above an unquoted copy of the earlier message (Outlook "-----Original
# Message-----" and its translations, Chinese clients' 「原始邮件」, forward markers of
# Gmail, Thunderbird and Apple Mail): nothing below it is the sender's new text.
_ORIGINAL = (
    r"original\s+message|ursprüngliche\s+nachricht|originalnachricht|message\s+d'origine"
    r"|mensaje\s+original|messaggio\s+originale|oorspronkelijk\s+bericht|originalmeddelande"
    r"|oprindelig\s+meddelelse|opprinnelig\s+melding|wiadomość\s+oryginalna"
    r"|mensagem\s+original|原始邮件|(?:回复的)?原邮件|邮件原件|原始郵件"
    r"|forwarded\s+message|weitergeleitete\s+nachricht|message\s+transféré"
    r"|mensaje\s+reenviado|messaggio\s+inoltrato|doorgestuurd\s+bericht|转发邮件"
)
HISTORY_START = re.compile(
    rf"^\s*(?:-{{2,}}\s*(?:{_ORIGINAL})\s*-{{2,}}|from:\s.+|发件人[:：].*|-----"
    r"|begin\s+forwarded\s+message:|anfang\s+der\s+weitergeleiteten\s+nachricht:"
    r"|début\s+du\s+message\s+réexpédié\s*:)\s*$",
    re.IGNORECASE,
)
# Outlook's header block above a copy, in the languages it writes it in: a sender line,
# then within five lines a subject line (Outlook always writes one). The pair, not one
# word, is the mark: "De : …" alone, or "Von: 3. März / An: 5. März", is the writer's.
_BLOCK_FROM = re.compile(r"^\s*(?:from|von|de|da|van|från|fra|od|发件人|寄件者)\s*[:：]\s*\S", re.I)
_BLOCK_SUBJECT = re.compile(
    r"^\s*(?:subject|betreff|objet|asunto|oggetto|onderwerp|ämne|emne|temat|assunto"
    r"|主题|主旨|件名)\s*[:：]",
    re.IGNORECASE,
)


def is_history_start(lines: list[str], index: int) -> bool:
    """True when lines[index] starts an unquoted copy of an earlier message."""
    line = lines[index].strip()
    if HISTORY_START.match(line):
        return True
    return bool(_BLOCK_FROM.match(line)) and any(
        _BLOCK_SUBJECT.match(following) for following in lines[index + 1 : index + 6]
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
