"""More German, French, Spanish and Italian reply phrases, and the little words read last.

SPELLINGS puts a word typed without its accent ("lunedi", "buero", "presentiel") back
as the phrases of lexicon_languages spell it. EARLY phrases are read before those
phrases (they hold words the older ones would take apart: "passt keiner" holds
"passt"); LATE ones after, once the days are English ("solo el martes" -> "only
tuesday": "solo" is "alone" anywhere else).
"""

_DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"

# Words no English reply carries, beside lexicon_languages.MARKERS.
MARKERS_MORE = (
    r"lunedi|martedi|mercoledi|giovedi|venerdi|buero|sì|purtroppo|benissimo|mattina|"
    r"pomeriggio|presentiel|semaine|prochaine|nächste[n]?|naechste[n]?|cafetería|"
    r"uhr|heures?|plutôt|plutot|seulement|uniquement|verhindert|bevorzuge|entrambi|"
    r"ufficio|riesco|andrebbe|desole|desolee|dispo|semana|settimana|abends|"
    r"vormittag|nachmittag|preferibilmente|preferiblemente|solamente|soltanto|"
    r"ginge|möglich|stattdessen|serait|pourrait|pourrions|est-ce|diriez|podr[ií]amos|"
    r"qu[eé]\s+tal|potremmo|sarebbe|invece"
)

# A new time asked for: "Ginge Freitag um 9?", "Wäre Freitag um 9 möglich?", "Est-ce que
# vendredi à 9h serait possible ?", "¿Qué tal el viernes a las 10?", "Potremmo fare
# venerdì?": said as the English ask the rules read as a proposal. Read before the other
# phrases, which would take "wäre" or "c'est" apart.
PROPOSALS: tuple[tuple[str, str], ...] = (
    (r"ginge(?:\s+es)?(?:\s+auch)?(?:\s+(?:am|an\s+einem))?", "how about"),
    (r"wie\s+sieht\s+es\s+(?:mit|am)(?:\s+dem)?", "how about"),
    (
        r"(?:könnten|können)\s+wir(?:\s+(?:es|auch|stattdessen|vielleicht))*(?:\s+am)?",
        "could we do",
    ),
    (
        r"wäre(?:\s+es)?(?:\s+auch)?(?:\s+am)?(?=\s+(?:montag|dienstag|mittwoch|donnerstag|freitag)\b)",
        "would",
    ),
    (r"(?:möglich|machbar)(?:\s+(?:für\s+euch|für\s+dich|für\s+sie))?", "be possible"),
    (r"stattdessen", "instead"),
    # "Könnten wir Freitag um 10 machen?": the verb closing the ask says nothing more.
    (r"(?:machen|nehmen)(?=\s*\?)", ""),
    (
        r"est-ce\s+qu'on\s+pourrait(?:\s+faire)?|pourrait-on(?:\s+faire)?|pourrions-nous(?:\s+faire)?"
        r"|on\s+pourrait(?:\s+faire)?",
        "could we do",
    ),
    (
        r"que\s+(?:diriez-vous|dites-vous|dis-tu|penses-tu|pensez-vous)\s+d[eu']?|et\s+si\s+on\s+faisait",
        "how about",
    ),
    (r"est-ce\s+que", ""),
    (
        r"(?:ce|ça|ca|il)?\s*serait(?:-ce|-il)?\s+(?:possible|envisageable|jouable)",
        "would be possible",
    ),
    (r"à\s+la\s+place", "instead"),
    (r"¿?\s*qu[eé]\s+tal(?:\s+(?:el|si))?", "how about"),
    (r"podr[ií]amos(?:\s+hacerlo)?(?:\s+el)?", "could we do"),
    (r"ser[ií]a\s+posible", "would be possible"),
    (r"en\s+su\s+lugar|en\s+vez\s+de\s+eso", "instead"),
    (r"che\s+ne\s+(?:dici|dite|pensi|pensate)\s+di", "how about"),
    (r"potremmo(?:\s+farlo|\s+fare)?", "could we do"),
    (r"sarebbe\s+possibile", "would be possible"),
    (r"invece", "instead"),
)

SPELLINGS: tuple[tuple[str, str], ...] = (
    (r"(lune|marte|mercole|giove|vener)di", r"\1dì"),
    (r"buero|buro", "büro"),
    (r"waere", "wäre"),
    (r"fuer", "für"),
    (r"naechste", "nächste"),
    (r"presentiel", "présentiel"),
    (r"ca(?=\s+(?:me\s|ne\s|m'|marche|roule|joue))", "ça"),
    (r"prefere", "préfère"),
    (r"manana", "mañana"),
)

EARLY: tuple[tuple[str, str], ...] = (
    # Greetings ("Guten Morgen" holds "Morgen", tomorrow).
    (
        r"guten\s+(?:morgen|tag|abend)|hallo|moin|servus|bonjour|salut|hola|buenos\s+d[ií]as|"
        r"buongiorno|bom\s+dia|olá|goedemorgen|goedemiddag|hoi",
        "hi",
    ),
    # German: the verb first ("Leider passt keiner der Termine").
    (
        r"(?:passt|geht|klappt)\s+(?:mir\s+)?(?:leider\s+)?(?:keiner|keine|keins)"
        r"(?:\s+der\s+(?:termine|zeiten|optionen|vorschläge))?(?:\s+davon)?",
        "none of the times work",
    ),
    (r"ich\s+komme\s+(?:gerne\s+|gern\s+)?(?:ins|in\s+das|zum)\s+büro|ins\s+büro", "in the office"),
    (r"ich\s+komme\s+(?:gerne\s+|gern\s+)?(?:ins|in\s+das|zum)\s+café|ins\s+café", "at the cafe"),
    (r"(?:nächste|kommende)n?\s+woche", "next week"),
    (r"diese\s+woche", "this week"),
    (r"wie\s+wäre\s+es\s+mit|wie\s+wär's\s+mit|wie\s+wäre\s+es\s+am|was\s+ist\s+mit", "how about"),
    (r"(?:bin\s+ich|ich\s+bin)\s+(?:leider\s+)?verhindert", "I can't make it"),
    (r"(?:ich\s+)?bevorzuge", "prefer"),
    (r"per\s+(?:video(?:call|konferenz)?|videokonferenz)", "online"),
    (r"in\s+präsenz", "in person"),
    (r"am\s+abend|abends", "evening"),
    # "Morgen passt": tomorrow; "Guten Morgen" greets and "morgens" is the morning.
    (r"(?<!guten\s)morgen(?!s)", "tomorrow"),
    # French.
    (r"(?:la\s+)?semaine\s+prochaine|la\s+prochaine\s+semaine", "next week"),
    (r"cette\s+semaine", "this week"),
    (r"(?:l'|l’)?apr[eè]s[-\s]?midi|aprem", "afternoon"),
    (r"(?:le\s+|en\s+|dans\s+la\s+)?matin(?:ée)?", "morning"),
    (
        r"ça\s+ne\s+(?:me\s+)?(?:va|marche|convient|joue)\s+pas|ça\s+ne\s+m'arrange\s+pas",
        "doesn't work",
    ),
    (
        r"je\s+ne\s+suis\s+pas\s+(?:dispo(?:nible)?|libre)|pas\s+dispo(?:nible)?",
        "I'm not available",
    ),
    (
        r"je\s+ne\s+(?:pourrai|peux|vais)\s+pas\s+(?:pouvoir\s+)?(?:venir|participer|assister|"
        r"être\s+(?:là|présente?)|etre\s+(?:la|presente?)|y\s+être|y\s+aller|me\s+libérer|"
        r"me\s+liberer)",
        "I can't come",
    ),
    (
        r"ça\s+me\s+(?:va|convient)(?:\s+(?:très\s+)?bien)?|ça\s+roule|ok\s+pour\s+moi|"
        r"ça\s+me\s+(?:va|convient)\s+parfaitement",
        "works",
    ),
    (r"tous\s+les\s+deux|toutes\s+les\s+deux", "both"),
    (r"plutôt|plutot", "preferably"),
    (r"sur\s+place", "in person"),
    (r"à\s+distance", "online"),
    # Spanish.
    (r"no\s+(?:me\s+)?vale", "doesn't work"),
    (
        r"no\s+voy\s+a\s+poder\s+(?:ir|asistir|participar|estar)|no\s+(?:podré|podre)\s+estar",
        "I can't attend",
    ),
    (r"me\s+(?:viene|va)\s+(?:genial|perfecto)|genial", "works"),
    (
        r"la\s+semana\s+que\s+viene|la\s+(?:próxima|proxima)\s+semana|la\s+semana\s+(?:próxima|proxima)",
        "next week",
    ),
    (r"por\s+la\s+noche", "evening"),
    (r"en\s+la\s+cafeter[ií]a|en\s+el\s+caf[eé]|en\s+la\s+caf[eé]", "at the cafe"),
    (r"cafeter[ií]a", "the cafe"),
    (r"por\s+(?:videollamada|videoconferencia)|en\s+remoto|a\s+distancia|virtual", "online"),
    (r"preferiblemente|preferentemente", "preferably"),
    (r"los\s+dos|las\s+dos", "both"),
    # "Cualquiera del lunes": any of that day's times; "nos vemos en el café": see you
    # there, the place its words name.
    (r"cualquiera\s+del?", "any of"),
    (r"cualquier\s+(?:sitio|lugar)|donde\s+sea", "any place"),
    (r"nos\s+vemos", " "),
    (r"\bvale\b", "ok"),
    # Italian.
    (r"non\s+(?:riesco|potrò|potro)\s+a?\s*(?:partecipare|venire|esserci)", "I can't attend"),
    (
        r"non\s+(?:mi\s+)?va\s+bene|non\s+(?:ce\s+la\s+)?faccio|non\s+riesco|"
        r"non\s+mi\s+è\s+possibile",
        "doesn't work",
    ),
    (
        r"(?:mi\s+)?va\s+(?:benissimo|benone)|per\s+me\s+va\s+bene|va\s+bene\s+per\s+me|"
        r"mi\s+sta\s+bene|ok\s+per\s+me|(?:mi\s+)?andrebbe\s+bene|perfetto",
        "works",
    ),
    (r"tutt[ie]\s+(?:mi\s+)?vanno\s+bene|vanno\s+tutt[ie]\s+bene", "all work"),
    (r"tutti\s+e\s+due|tutte\s+e\s+due|entrambi|entrambe", "both"),
    (r"purtroppo", "unfortunately"),
    (r"al\s+caff[eè]|in\s+caffetteria", "at the cafe"),
    (r"da\s+remoto|in\s+videochiamata|in\s+video", "online"),
    (r"in\s+presenza", "in person"),
    (r"(?:la\s+|di\s+|in\s+)?mattin(?:a|ata)", "morning"),
    (r"(?:il\s+|nel\s+|di\s+)?pomeriggio", "afternoon"),
    (r"la\s+prossima\s+settimana|la\s+settimana\s+prossima", "next week"),
    (r"preferibilmente|di\s+preferenza", "preferably"),
    (r"preferirei", "prefer"),
    (r"qualsiasi\s+(?:posto|luogo)|ovunque", "any place"),
    (r"qualsiasi\s+(?:orario|giorno|ora|momento)", "any time"),
    (r"meglio", "prefer"),
)

LATE: tuple[tuple[str, str], ...] = (
    # "Donnerstag lieber um 11?", "jeudi plutôt à 11h ?": rather at that hour, a new time.
    (r"(?:prefer|preferably)\s+(at\s+\d{1,2}:\d{2})", r"\1 instead"),
    (r"vormittags?", "morning"),
    (r"nachmittags?", "afternoon"),
    (r"\bsì\b", "yes"),
    # "solo el martes", "nur Dienstag", "alleen dinsdag": only, when a day follows.
    (
        rf"(?:solo|sólo|solamente|únicamente|soltanto|só|apenas|somente|seulement|uniquement|"
        rf"alleen|enkel)(?=\s+(?:(?:on|el|la|le|il|na|de|op|am)\s+)?(?:{_DAY}|morning|afternoon|"
        r"[A-H](?![\w'])))",
        "only",
    ),
    # "Dinsdag past niet, donderdag wel": "wel" closing the clause is the day's yes.
    (rf"({_DAY})\s+wel(?=\s*(?:[.,;!]|$))", r"\1 works"),
    (rf"({_DAY})\s+(?:seulement|uniquement|solamente|soltanto|alleen|apenas)", r"\1 only"),
    # "na terça", "op dinsdag": on; Dutch "of", "en" between days or labels: or, and.
    (rf"\b(?:na|op)(?=\s+{_DAY})", "on"),
    (rf"({_DAY}|(?<![\w'])[A-H])(\s+)of(?=\s+(?:on\s+)?(?:{_DAY}|[A-H](?![\w'])))", r"\1\2or"),
    (rf"({_DAY})(\s+)en(?=\s+{_DAY})", r"\1\2and"),
    (r"\bmas\b", "but"),
    # "par Zoom", "par téléphone": how to meet, said as "on".
    (r"\bpar(?=\s+(?:zoom|teams|google\s+meet|meet|skype|webex|téléphone|telephone)\b)", "on"),
    # "Mardi... ah non, jeudi", "Martedì... no, giovedì": the no after the pause takes the
    # first answer back, as "actually no" does.
    (r"(\.{2,}|…)\s*no(?=\s*[,.!])", r"\1 actually no"),
    # "Mercredi, je suis en déplacement": the reason after the comma is the day's own.
    (rf"({_DAY})\s*,\s*(I'm\s+(?:away|busy)|I\s+can't)", r"\1 \2"),
)
