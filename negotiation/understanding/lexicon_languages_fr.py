"""French reply phrases beyond the short ones of lexicon_languages, in the rules' English.

Read before those (they hold words the older phrases would take apart: "je ne suis pas
libre" holds "pas"). A day's verdict said with its own verb ("mercredi je suis en
déplacement", "j'ai un autre rendez-vous mardi") becomes the English the rules read for
it ("wednesday I'm away"); the day itself always stays in the text.
"""

# Words no English reply carries, beside lexicon_languages.MARKERS.
MARKERS_FR = (
    r"suis|serai|j'ai|vont|conviennent|trois|importe|venir|viendrai|choisis|finalement|"
    r"voulais|compliqué|complique|déplacement|pris|prise|"
    r"occupée?|trop|sûre?|peut-être|l'option|absente|congé|vacances"
)

PHRASES_FR: tuple[tuple[str, str], ...] = (
    # Hedges first.
    (
        r"je\s+ne\s+sais\s+pas(?:\s+encore)?|je\s+ne\s+suis\s+pas\s+s[uû]re?|pas\s+s[uû]re?|"
        r"à\s+confirmer|a\s+confirmer",
        "not sure",
    ),
    (r"sauf\s+si", "unless"),
    (r"probablement|sans\s+doute", "probably"),
    (r"\bsi\b|\bs'(?=il\s|ils\s|on\s)", "if "),
    # Corrections.
    (r"(?:ah|oh|euh|bon)\s+non", "actually no"),
    (r"non\s+(?:attendez|attends|pardon)|attendez|attends", "no wait"),
    (r"finalement|en\s+fait", "actually"),
    (r"je\s+voulais\s+dire|je\s+veux\s+dire", "I meant"),
    # All, none, any.
    (
        r"(?:les|ces)\s+trois(?:\s+(?:créneaux|creneaux|dates|horaires|options|propositions))?",
        "all three times",
    ),
    (
        r"n'importe\s+(?:quel(?:le)?\s+(?:créneau|creneau|jour|horaire|date|moment)|quand|lequel|laquelle)",
        "any time",
    ),
    (
        r"peu\s+importe\s+(?:le\s+jour|le\s+créneau|l'horaire|quel\s+jour|la\s+date|l'heure)|"
        r"(?:le\s+jour|la\s+date)\s+m'est\s+égal(?:e)?",
        "any day",
    ),
    (r"tous\s+les\s+jours", "any day"),
    # A day's verdict, its verb before or after it.
    (
        r"je\s+(?:suis|serai)\s+(?:en\s+déplacement|en\s+deplacement|en\s+voyage|en\s+congé|"
        r"en\s+conge|en\s+vacances|absente?|malade|pas\s+là|pas\s+la|à\s+l'étranger|en\s+formation)",
        "I'm away",
    ),
    (
        r"je\s+(?:suis|serai)\s+(?:déjà\s+)?(?:prise?|occupée?|bookée?|pas\s+libre|pas\s+dispo(?:nible)?)|"
        r"je\s+ne\s+(?:suis|serai)\s+pas\s+(?:libre|dispo(?:nible)?)",
        "I'm busy",
    ),
    (
        r"j'ai\s+(?:déjà\s+)?(?:un\s+autre\s+|une\s+autre\s+|un\s+|une\s+)?(?:rendez-vous|rdv|réunion|"
        r"reunion|empêchement|empechement|engagement|cours|call|conflit|formation)",
        "I'm busy",
    ),
    (r"je\s+(?:serai|suis)\s+(?:là|la|présente?|presente?)|je\s+pourrai\s+venir", "I'll be there"),
    (r"(?:c'est\s+)?trop\s+t[oô]t", "is too early"),
    (r"(?:c'est\s+)?trop\s+tard", "is too late"),
    (r"c'est\s+(?:compliqué|complique|difficile|délicat)|compliqué|complique", "is difficult"),
    (r"(?:ce\s+)?serait\s+(?:top|idéal|ideal|parfait|super|génial)", "would be ideal"),
    (r"c'est\s+non", "no"),
    (r"c'est\s+oui", "yes"),
    (r"sans\s+(?:problème|probleme|souci|soucis)", "no problem"),
    # Choosing, coming, moving.
    (r"je\s+choisis|je\s+vote\s+pour|va\s+pour|je\s+retiens", "I'll take"),
    (r"je\s+préfère\s+venir|je\s+prefere\s+venir", "prefer to come"),
    (r"je\s+viendrai|je\s+peux\s+venir", "I'll come"),
    (r"l'option|l’option", "option"),
)

# Read last, once the phrases that hold these words are read.
LATE_FR: tuple[tuple[str, str], ...] = (
    (r"(?:me\s+)?(?:vont|conviennent)(?:\s+(?:bien|parfaitement|très\s+bien))?", "work"),
    (r"\bvenir\b", "come"),
    # "Mercredi ça va": the day's yes ("ça va ?" alone asks how one is).
    (
        r"((?:monday|tuesday|wednesday|thursday|friday)|(?<![\w'])[A-H])\s*,?\s*ça\s+va(?!\s*\?)",
        r"\1 works",
    ),
)
