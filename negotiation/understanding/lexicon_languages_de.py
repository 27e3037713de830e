"""German reply phrases beyond the short ones of lexicon_languages, in the rules' English.

Read before those (they hold words the older phrases would take apart: "habe ich keine
Zeit" holds "keine"). German puts the day first and the verb second ("Am Mittwoch bin
ich nicht da") or last ("weil ich Dienstag nicht kann"): the phrases say the day's
verdict as the English the rules read ("wednesday I'm away"), never guess at it.
"""

_DAY = r"(?:montag|dienstag|mittwoch|donnerstag|freitag)"

# Words no English reply carries, beside lexicon_languages.MARKERS.
MARKERS_DE = (
    r"habe|hab|keine\s+zeit|bin|verfügbar|verfuegbar|unterwegs|dabei|nehme|wähle|waehle|"
    r"korrektur|meinte|vielleicht|eventuell|evtl|wahrscheinlich|weiß|"
    r"weiss|früh|frueh|spät|spaet|drei|jeder|jede|jeden|keinem|komme|lieber|gern|doch|"
    r"(?:montag|dienstag|mittwoch|donnerstag|freitag)(?:vormittag|nachmittag|morgen|mittag|abend)"
)

# "Dienstagvormittag", "Mittwochnachmittag": the day and its part, said as two words.
SPELLINGS_DE: tuple[tuple[str, str], ...] = (
    (rf"({_DAY})(?:vormittag|morgen)s?", r"\1 vormittag"),
    (rf"({_DAY})(?:nachmittag|mittag)s?", r"\1 nachmittag"),
    (rf"({_DAY})abends?", r"\1 abends"),
)

PHRASES_DE: tuple[tuple[str, str], ...] = (
    # Hedges first: the words they hold would otherwise read as a verdict.
    (r"ich\s+weiß\s+(?:es\s+)?noch\s+nicht|ich\s+weiss\s+(?:es\s+)?noch\s+nicht", "not sure yet"),
    (r"(?:ich\s+bin\s+)?(?:mir\s+)?(?:noch\s+)?nicht\s+sicher", "not sure"),
    (r"eventuell|evtl\.?|möglicherweise|unter\s+umständen", "maybe"),
    (r"wahrscheinlich|vermutlich", "probably"),
    (r"wenn|falls|sofern|ob", "if"),
    (r"kommt\s+(?:drauf|darauf)\s+an", "depends"),
    # Corrections: "ach nein", "Korrektur:", "ich meinte", "doch nicht" (after all, no).
    (r"(?:ach|oh|äh|ähm)\s+nein", "actually no"),
    (r"nein\s+warte|moment(?:\s+mal)?", "no wait"),
    (r"korrektur|ich\s+korrigiere(?:\s+mich)?", "correction"),
    (r"ich\s+meinte|gemeint\s+war", "I meant"),
    (r"(?:geht|passt|klappt)\s+(?:leider\s+)?doch\s+nicht", "doesn't work after all"),
    (r"doch\s+lieber|lieber\s+doch", "prefer"),
    # The whole reply refused, or every time taken.
    (
        r"(?:ich\s+)?kann\s+(?:leider\s+)?an\s+keinem\s+(?:der\s+)?termine?|"
        r"an\s+keinem\s+(?:der\s+)?termine?|ich\s+kann\s+(?:leider\s+)?keinen\s+(?:der\s+)?termine?",
        "none of the times work",
    ),
    (r"(?:mir\s+)?(?:passt|geht|klappt)\s+(?:mir\s+)?jeder(?:\s+termin)?", "all times work"),
    (r"(?:mir\s+)?(?:passt|geht|klappt)\s+(?:mir\s+)?alles", "all work"),
    (r"(?:alle|die)\s+drei(?:\s+termine)?", "all three times"),
    (r"(?:jeder|jeden)\s+(?:termin|tag)|alle\s+tage", "any time"),
    (r"egal\s+(?:welcher|an\s+welchem)\s+tag|(?:der\s+)?tag\s+ist\s+(?:mir\s+)?egal", "any day"),
    # A day's verdict with the verb after it: "ich kann am Dienstag nicht", "ich habe
    # Dienstag keine Zeit", "ich bin Mittwoch verhindert"; the day always stays.
    (
        rf"(?:ich\s+)?kann\s+(?:ich\s+)?(?:leider\s+)?(?:am\s+)?({_DAY})\s+(?:leider\s+)?nicht"
        r"(?:\s+(?:kommen|teilnehmen|dabei\s+sein))?",
        r"\1 doesn't work",
    ),
    (
        rf"ich\s+(?:habe|hab)\s+(?:leider\s+)?(?:am\s+)?({_DAY})\s+(?:leider\s+)?keine\s+zeit",
        r"\1 I'm busy",
    ),
    (
        rf"ich\s+bin\s+(?:leider\s+)?(?:am\s+)?({_DAY})\s+(?:leider\s+)?(?:verhindert|nicht\s+da|"
        r"unterwegs|nicht\s+im\s+büro)",
        r"\1 I'm away",
    ),
    (
        r"(?:habe|hab)\s+ich\s+(?:leider\s+)?keine\s+zeit|ich\s+(?:habe|hab)\s+(?:leider\s+)?keine\s+zeit",
        "I'm busy",
    ),
    (
        r"(?:(?:habe|hab)\s+ich|ich\s+(?:habe|hab))\s+(?:da\s+)?(?:leider\s+)?(?:schon\s+|bereits\s+)?"
        r"(?:einen?\s+)?(?:anderen?\s+|wichtigen?\s+)?(?:termin|arzttermin|kundentermin|meeting|besprechung|"
        r"konflikt|sitzung|call|workshop|schulung|seminar)",
        "I'm busy",
    ),
    (r"(?:habe|hab)\s+ich\s+zeit|ich\s+(?:habe|hab)\s+zeit", "I'm free"),
    (
        r"(?:bin\s+ich|ich\s+bin)\s+(?:leider\s+)?(?:nicht\s+da|nicht\s+im\s+büro|unterwegs|"
        r"auf\s+dienstreise|auf\s+reisen|im\s+urlaub|krank|nicht\s+verfügbar|nicht\s+erreichbar|"
        r"beschäftigt|weg)",
        "I'm away",
    ),
    (
        r"(?:bin\s+ich|ich\s+bin)\s+(?:gerne\s+|gern\s+)?(?:verfügbar|frei|dabei)|bin\s+dabei",
        "I'm in",
    ),
    (r"(?:ist|wäre)\s+(?:mir\s+)?zu\s+früh", "is too early"),
    (r"(?:ist|wäre)\s+(?:mir\s+)?zu\s+spät", "is too late"),
    (r"zu\s+früh", "too early"),
    (r"zu\s+spät", "too late"),
    (r"bei\s+uns|bei\s+mir", "for me"),
    (r"geht\s+klar|passt\s+perfekt|passt\s+wunderbar|passt\s+prima", "works"),
    # Choosing and coming.
    (r"ich\s+nehme|nehme\s+ich|nehme|ich\s+wähle|wähle\s+ich", "I'll take"),
    (r"ich\s+komme\s+(?:gerne\s+|gern\s+)?lieber", "prefer to come"),
    (r"ich\s+komme\s+gerne?(?!\s+(?:ins|in\s+das|zum)\s+(?:büro|café))", "happy to come"),
)

# Read last, once the phrases that hold these words are read.
LATE_DE: tuple[tuple[str, str], ...] = (
    (r"passen|gehen|klappen", "work"),
    (r"gerne?", "please"),
    (r"auch", "too"),
    (r"(?:den|dem)(?=\s+(?:monday|tuesday|wednesday|thursday|friday)\b)", "the"),
    (r"ich\s+komme", "I'll come"),
)
