"""German, French, Spanish and Italian phrases a reply to an invitation uses, in English.

Read by rules_languages, only for a reply that carries one of MARKERS. Each entry is
(pattern, English), matched on whole words, longest phrases first: a phrase that is
part of a longer one must come after it ("geht nicht" before "geht").
"""

# Words no English reply carries: only a reply with one of them is rewritten.
MARKERS = (
    r"montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|passt|geht|gehen|leider|"
    r"keiner|keine|termine?|klappt|nicht|danke|lieber|wäre|lundi|mardi|mercredi|jeudi|vendredi|"
    r"samedi|dimanche|ça|ca\s+marche|c'est|visio|pourrai|aucun|aucune|merci|créneaux?|"
    r"lunes|martes|miércoles|miercoles|jueves|viernes|sábado|domingo|ninguna|ninguno|puedo|"
    r"presencial|gracias|disponible|je|ich|préfère|prefiero|présentiel|cualquier|egal|ist\s+gut|nessuna|serai|podré|asistir|siento|van\s+bien|vienen\s+bien|lunedì|martedì|mercoledì|giovedì|venerdì|va\s+bene|nessuno|grazie|"
    r"bitte|büro|nehme|beides|alles|gerne|gern|bureau|moi|prends|importe|oficina|sirve|"
    r"cualquiera|mejor|tout|ufficio|svp|stp|s[ií]\s+a\s+todo|menos|en\s+persona|reste|resto|kein\s+problem|me\s+da\s+igual|"
    r"por\s+favor|per\s+favore|perfecto|perfetto|parfait|perfekt|nur|encanta|les\s+deux|alles\s+recht"
)

PHRASES: tuple[tuple[str, str], ...] = (
    # Declines and "none".
    (
        r"(?:leider\s+)?kann\s+ich\s+(?:an\s+keinem\s+der\s+termine|nicht\s+teilnehmen)",
        "I can't attend",
    ),
    (r"ich\s+kann\s+(?:leider\s+)?nicht\s+(?:teilnehmen|kommen|dabei\s+sein)", "I can't attend"),
    (r"ich\s+muss\s+(?:leider\s+)?absagen|ich\s+sage\s+(?:leider\s+)?ab", "I have to decline"),
    (r"macht\s+bitte\s+ohne\s+mich(?:\s+weiter)?|macht\s+ohne\s+mich", "go ahead without me"),
    (
        r"(?:keiner|keine)\s+der\s+(?:termine|zeiten|optionen)\s+(?:passt|geht|klappt)(?:\s+mir)?",
        "none of the times work",
    ),
    (r"kein\s+termin\s+(?:passt|geht|klappt)(?:\s+mir)?", "none of the times work"),
    (
        r"je\s+ne\s+(?:pourrai|peux)\s+pas\s+(?:venir|participer|être\s+là|assister)",
        "I can't come",
    ),
    (r"faites\s+sans\s+moi|commencez\s+sans\s+moi", "go ahead without me"),
    (
        r"aucun(?:e)?\s+(?:des\s+)?(?:(?:créneau|creneau|horaire|date|option)s?\s+)?ne\s+"
        r"(?:me\s+)?(?:va|convient|marche)",
        "none of the times work",
    ),
    (r"ningun[ao]\s+me\s+(?:va|viene)\s+bien", "none of the times work"),
    (
        r"ningun[ao]\s+(?:me\s+)?(?:sirve|funciona|va)|no\s+me\s+sirve\s+ningun[ao]",
        "none of the times work",
    ),
    (r"no\s+(?:podré|podre|puedo)\s+(?:asistir|ir|participar)", "I can't attend"),
    (
        r"nessun[oa]\s+(?:delle\s+date\s+|degli\s+orari\s+)?(?:va\s+bene|mi\s+va\s+bene)",
        "none of the times work",
    ),
    (r"(?:keiner|keine|keins)\s+(?:passt|geht|klappt)(?:\s+mir)?", "none of the times work"),
    (r"je\s+ne\s+serai\s+pas\s+(?:là|la|présente?|disponible)", "I won't be there"),
    (r"non\s+(?:potrò|potro|posso)\s+(?:partecipare|venire|esserci)", "I can't attend"),
    (
        r"(?:keiner|keine|keins)\s+(?:davon\s+)?(?:passt|geht|klappt)(?:\s+mir)?",
        "none of the times work",
    ),
    (r"ningun[ao]|aucun(?:e)?", "none"),
    (r"tut\s+mir\s+leid|désolée?|desolee?|lo\s+siento|mi\s+dispiace", "sorry"),
    (
        r"vielen\s+dank|danke\s+schön|danke|merci\s+beaucoup|merci|muchas\s+gracias|gracias|grazie",
        "thanks",
    ),
    # All.
    (r"alle\s+termine\s+(?:passen|gehen|klappen)", "all times work"),
    (r"alle\s+(?:passen|gehen|klappen)", "all work"),
    (
        r"tous\s+les\s+(?:créneaux|creneaux|horaires)\s+(?:me\s+)?(?:vont|conviennent)",
        "all times work",
    ),
    (r"tous\s+(?:me\s+)?(?:vont|conviennent)|toutes\s+(?:me\s+)?(?:vont|conviennent)", "all work"),
    (r"cualquier\s+(?:día|dia|hora|momento)|egal\s+wann|jederzeit|n'importe\s+quand", "any time"),
    (r"tod[oa]s\s+me\s+(?:van|vienen)\s+bien", "all work"),
    # "Zeit ist mir egal", "la hora me da igual": the time does not matter, so any time.
    (
        r"(?:die\s+)?(?:zeit|uhrzeit)\s+ist\s+mir\s+egal|"
        r"(?:l'heure|l'horaire|le\s+créneau)\s+m'est\s+égal(?:e)?|"
        r"(?:la\s+hora|el\s+horario)\s+me\s+da\s+igual|me\s+da\s+igual\s+la\s+hora",
        "any time",
    ),
    (
        r"(?:der\s+)?ort\s+ist\s+mir\s+egal|le\s+lieu\s+m'est\s+égal|"
        r"(?:el\s+lugar|el\s+sitio)\s+me\s+da\s+igual|me\s+da\s+igual\s+(?:el\s+lugar|dónde)",
        "any place",
    ),
    # "Sí a todo menos el martes", "oui à tout sauf mardi", "ja zu allem außer Dienstag".
    (r"(?:sí|si)\s+a\s+todo|oui\s+à\s+tout|ja\s+zu\s+allem", "yes to all"),
    (r"todo\s+menos|tout\s+sauf|alles\s+außer|alles\s+ausser", "all except"),
    (r"le\s+reste|el\s+resto|lo\s+demás|lo\s+demas|der\s+rest|den\s+rest", "the rest"),
    (
        r"(?:es\s+)?passt\s+alles|alles\s+(?:passt|geht|klappt)|geht\s+alles|"
        r"tout\s+(?:me\s+)?(?:va|convient|marche)|tout\s+est\s+bon|"
        r"cualquiera\s+(?:me\s+)?(?:sirve|va\s+bien|vale)|cualquiera",
        "all work",
    ),
    (r"beides\s+(?:geht|passt|klappt)|beide\s+(?:gehen|passen|klappen)", "both work"),
    (r"(?:mir\s+ist\s+)?alles\s+recht(?:\s+für\s+mich)?", "all work"),
    (r"les\s+deux\s+(?:me\s+)?(?:vont|conviennent|marchent)", "both work"),
    (r"beides|les\s+deux|ambos|ambas|entrambi", "both"),
    (r"peu\s+importe\s+(?:le\s+)?(?:lieu|l'endroit|où)|egal\s+welcher\s+ort", "any place"),
    (r"(montag|dienstag|mittwoch|donnerstag|freitag)\s+gerne?", r"\1 works"),
    # "Mittwoch geht nicht, Donnerstag schon": the day after the contrast does.
    (r"(montag|dienstag|mittwoch|donnerstag|freitag)\s+schon", r"\1 works"),
    # "B passt nicht, A und C schon": "schon" closing a list of labels is their yes.
    (
        r"((?<![\w'])[A-H](?:\s+(?:und|oder|and|or)\s+[A-H])*)\s+schon(?=\s*(?:[.,;!]|$))",
        r"\1 work",
    ),
    # Yes and no.
    (
        r"geht\s+(?:leider\s+)?nicht|passt\s+(?:leider\s+)?nicht|klappt\s+(?:leider\s+)?nicht|"
        r"no\s+me\s+(?:va|viene)(?:\s+bien)?|no\s+puedo|ne\s+(?:me\s+)?(?:marche|va|convient)\s+pas|"
        r"non\s+va\s+bene|non\s+posso|je\s+ne\s+peux\s+pas|kann\s+ich\s+(?:leider\s+)?nicht|"
        r"pas\s+possible|je\s+peux\s+pas|"
        r"no\s+me\s+sirve|no\s+me\s+funciona|ne\s+m'arrange\s+pas|"
        r"c'est\s+mort|(?:ist|wäre|passt|geht)\s+(?:eher\s+)?schlecht|me\s+va\s+mal",
        "doesn't work",
    ),
    (
        r"passt(?:\s+mir)?(?:\s+gut)?|gehen|geht(?:\s+gut)?|klappt|ça\s+marche|ca\s+marche|"
        r"ça\s+me\s+va|c'est\s+bon|c'est\s+parfait|me\s+va\s+bien|me\s+viene\s+bien|"
        r"está\s+bien|esta\s+bien|va\s+bene|me\s+van\s+bien|me\s+vienen\s+bien|ist\s+gut|"
        r"ist\s+ok(?:ay)?|ist\s+in\s+ordnung|me\s+convient|me\s+va(?:\s+bene)?|"
        r"c'est\s+bon\s+pour\s+moi|ça\s+m'arrange|ca\s+m'arrange|me\s+sirve|me\s+funciona|"
        r"(?:da\s+)?kann\s+ich(?:\s+gut)?(?!\s+(?:leider\s+)?nicht)|je\s+peux(?!\s+pas)|puedo",
        "works",
    ),
    (r"wäre\s+(?:super|gut|ideal|perfekt|prima|toll)", "would be great"),
    (r"ich\s+nehme|je\s+prends|me\s+quedo\s+con|prendo", "I'll take"),
    (r"pour\s+moi|für\s+mich|para\s+mí|para\s+mi|per\s+me", "for me"),
    (r"je\s+suis\s+(?:disponible|libre|dispo)|estoy\s+disponible", "I'm free"),
    (r"ich\s+kann\s+(?:leider\s+)?nicht", "I can't"),
    (r"(?:ist|wäre)\s+mir\s+lieber", "prefer"),
    (r"je\s+préfère|je\s+prefere|prefiero|preferisco|lieber|mejor", "prefer"),
    (r"perfecto|perfecta|perfetto|parfait|perfekt", "perfect"),
    (r"me\s+encanta", "I love"),
    # "Ich kann nur Donnerstag", "nur Donnerstag": only that day.
    (r"(?:ich\s+kann\s+)?nur", "only"),
    (r"\bleider\b", "unfortunately"),
    (
        r"wäre\s+besser|serait\s+mieux|sería\s+mejor|seria\s+mejor|sarebbe\s+meglio",
        "would be better",
    ),
    (r"\bsí\b|\bja\b|\boui\b", "yes"),  # never "si": "if" in French and Spanish
    (r"\bnein\b|\bnon\b", "no"),
    (r"de\s+préférence|de\s+preference|de\s+preferencia|vorzugsweise|am\s+liebsten", "preferably"),
    (r"kein\s+problem|sin\s+problema|no\s+hay\s+problema", "no problem"),
    (r"vielleicht|peut-être|quizás|quizas|forse", "maybe"),
    # Places.
    (r"egal\s+wo|n'importe\s+où|donde\s+sea", "any place"),
    (r"im\s+büro|au\s+bureau|en\s+la\s+oficina|in\s+ufficio", "in the office"),
    (
        r"(?:das|le|la|l')\s*(?:büro|bureau|oficina|ufficio)|büro|bureau|oficina|ufficio",
        "the office",
    ),
    (r"im\s+café|au\s+café|en\s+el\s+café|al\s+bar", "at the cafe"),
    (r"en\s+visio|par\s+visio|per\s+video|por\s+video|en\s+ligne|en\s+línea", "online"),
    (
        r"en\s+presencial|presencial|en\s+personne|vor\s+ort|di\s+persona|en\s+présentiel|"
        r"en\s+persona|persönlich",
        "in person",
    ),
    # "um 10", "alle 14": at a clock time.
    (r"(?:um|alle)(?=\s+\d)", "at"),
    # Parts of the day.
    (r"por\s+la\s+mañana|le\s+matin|am\s+vormittag|vormittags|morgens|di\s+mattina", "morning"),
    (r"por\s+la\s+tarde|l'après-midi|am\s+nachmittag|nachmittags|di\s+pomeriggio", "afternoon"),
    # Days.
    (r"montag|lundi|lunes|lunedì", "monday"),
    (r"dienstag|mardi|martes|martedì", "tuesday"),
    (r"mittwoch|mercredi|miércoles|miercoles|mercoledì", "wednesday"),
    (r"donnerstag|jeudi|jueves|giovedì", "thursday"),
    (r"freitag|vendredi|viernes|venerdì", "friday"),
    (r"samstag|samedi|sábado|sabado|sabato", "saturday"),
    (r"sonntag|dimanche|domingo|domenica", "sunday"),
    (r"por\s+favor|per\s+favore", "please"),
    # Little words, once the phrases above that hold them are read ("por la mañana").
    (r"(?:per|sur|por)(?=\s)", "on"),
    (r"\bund\b|\bet\b|\by\b|\be\b", "and"),
    (r"\boder\b|\bou\b|\bo\b", "or"),
    (r"\baber\b|\bmais\b|\bpero\b|\bma\b", "but"),
    (r"pas\s+de\s+(?:problème|probleme|souci)", "no problem"),
    (r"\bnicht\b|\bpas\b", "not"),
    (r"\bmenos\b|\bexcepto\b|\bsalvo\b|\bsauf\b|\baußer\b|\bausser\b", "except"),
    (
        r"\bgerne\b|\bvolontiers\b|\bsvp\b|\bstp\b|s'il\s+(?:vous|te)\s+pla[iî]t|\bpor\s+favor\b|\bper\s+favore\b|\bbitte\b",
        "please",
    ),
    # "am" is German ("am Mittwoch"), never the English "10 am".
    (r"\bhauptsache\b|(?<!\d\s)(?<!\d)\bam\b|\bel\b|\ble\b|\bil\b|\bmir\b", ""),
)
