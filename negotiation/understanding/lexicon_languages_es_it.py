"""Spanish and Italian reply phrases beyond the short ones of lexicon_languages, in English.

Read before those (they hold words the older phrases would take apart: "no estoy"
holds "no"). A day's verdict said with its own verb ("el miércoles estoy de viaje",
"martedì ho un altro impegno") becomes the English the rules read ("wednesday I'm
away"); the day itself always stays. Spanish "si" and Italian "se" are "if": a yes
typed without its accent ("si") is then asked about, never guessed.
"""

# Words no English reply carries, beside lexicon_languages.MARKERS.
MARKERS_ES_IT = (
    r"estoy|estaré|estare|tengo|imposible|elijo|escojo|quería|queria|quise|lo\s+tengo|"
    r"temprano|ocupad[oa]|libre|todav[ií]a|quiz[aá]s?|tal\s+vez|opción|opcion|sería|seria|"
    r"sono|sarò|saro|ho|vanno|impossibile|scelgo|intendevo|"
    r"impegnat[oa]|occupat[oa]|troppo|opzione|l'opzione|potrò|potro|posso|dispiace|"
    r"mi\s+va|magari|non\s+(?:posso|potrò|potro|riesco|va|mi|ci|sono|ho)"
)

PHRASES_ES_IT: tuple[tuple[str, str], ...] = (
    # Hedges first.
    (r"no\s+s[eé](?:\s+(?:todav[ií]a|a[uú]n))?(?:\s+si)?|no\s+estoy\s+segur[oa]", "not sure"),
    (r"non\s+so(?:\s+ancora)?(?:\s+se)?|non\s+sono\s+sicur[oa]", "not sure"),
    (r"tal\s+vez|quiz[aá]s?|a\s+lo\s+mejor|magari", "maybe"),
    (r"probablemente|probabilmente", "probably"),
    # "si" closing a clause is a yes typed without its accent ("el jueves si"): read late.
    (r"\bsi\b(?!\s*(?:[.,;!]|$))|\bse\b", "if"),
    # Corrections.
    (r"al\s+final|finalmente|en\s+realidad|alla\s+fine|in\s+realtà|in\s+realta", "actually"),
    (r"quer[ií]a\s+decir|quise\s+decir|me\s+refiero\s+a|intendevo|volevo\s+dire", "I meant"),
    (r"(?:ah|oh|eh)\s+no(?=\s*[,.])", "actually no"),
    (r"no\s+espera|aspetta|un\s+momento", "no wait"),
    # All, any.
    (
        r"(?:los|las)\s+tres(?:\s+(?:horarios|opciones|fechas))?|tutt[ie]\s+e\s+tre",
        "all three times",
    ),
    (
        r"(?:me\s+da\s+igual|da\s+igual)\s+(?:el\s+d[ií]a|la\s+fecha|qu[eé]\s+d[ií]a)|"
        r"(?:el\s+d[ií]a|la\s+fecha)\s+me\s+da\s+igual|cualquier\s+d[ií]a|qualsiasi\s+giorno|"
        r"(?:il\s+giorno|la\s+data)\s+(?:è|e)\s+indifferente",
        "any day",
    ),
    # A day's verdict, its verb before or after it.
    (
        r"(?:no\s+estoy|estoy\s+(?:de\s+viaje|fuera|de\s+vacaciones|de\s+baja|enferm[oa]|"
        r"en\s+otra\s+ciudad))|estar[eé]\s+(?:de\s+viaje|fuera|de\s+vacaciones)",
        "I'm away",
    ),
    (
        r"estoy\s+ocupad[oa]|tengo\s+(?:ya\s+)?(?:otra\s+|una\s+|un\s+|otro\s+)?(?:reuni[oó]n|cita|"
        r"clase|compromiso|evento|llamada)|lo\s+tengo\s+(?:complicado|dif[ií]cil|mal)",
        "I'm busy",
    ),
    (r"estoy\s+libre|estoy\s+disponible", "I'm free"),
    (r"estar[eé](?:\s+(?:all[ií]|ah[ií]))?", "I'll be there"),
    (
        r"(?:non\s+ci\s+sono|sono\s+(?:in\s+viaggio|in\s+trasferta|in\s+ferie|fuori(?:\s+ufficio)?|"
        r"malat[oa]|via))",
        "I'm away",
    ),
    (
        r"sono\s+(?:già\s+)?(?:impegnat[oa]|occupat[oa])|ho\s+(?:già\s+)?(?:un\s+altro\s+|un\s+|"
        r"una\s+|un'altra\s+)?(?:impegno|appuntamento|riunione|lezione|call)",
        "I'm busy",
    ),
    (r"sono\s+(?:disponibile|liber[oa])|ci\s+sono", "I'm free"),
    (r"ci\s+sar[oò]|sar[oò]\s+presente", "I'll be there"),
    (
        r"(?:es\s+)?(?:muy|demasiado)\s+(?:temprano|pronto)|(?:è\s+|e\s+)?troppo\s+presto",
        "is too early",
    ),
    (r"(?:es\s+)?(?:muy|demasiado)\s+tarde|(?:è\s+|e\s+)?troppo\s+tardi", "is too late"),
    (r"imposible|impossibile", "impossible"),
    (
        r"(?:ser[ií]a|sarebbe)\s+(?:ideal|perfect[oa]|genial|ottimo|perfetto|l'ideale)",
        "would be ideal",
    ),
    (r"vanno\s+bene|van\s+bien", "work"),
    # Choosing, coming, moving.
    (r"elijo|escojo|voto\s+por|scelgo|opto\s+per|voto\s+per", "I'll take"),
    (r"prefiero\s+(?:ir|venir)\s+a\s+la\s+oficina", "prefer to come to the office"),
    (r"(?:ir|venir)\s+a\s+la\s+oficina", "come to the office"),
    (r"prefiero\s+(?:ir|venir)|preferisco\s+venire", "prefer to come"),
    (r"la\s+opci[oó]n|l'opzione|l’opzione", "option"),
    (r"opci[oó]n|opzione", "option"),
)

# Read last, once the phrases that hold these words are read.
LATE_ES_IT: tuple[tuple[str, str], ...] = (
    (r"\bmi\b", ""),
    (r"\bsu(?=\s+(?:zoom|teams|google\s+meet|meet|skype|webex)\b)", "on"),
    (r"\bbien\b", "fine"),
    (
        r"((?:monday|tuesday|wednesday|thursday|friday)|(?<![\w'])[A-H])\s+si(?=\s*(?:[.,;!]|$))",
        r"\1 yes",
    ),
    (r"\bvenire\b", "come"),
)
