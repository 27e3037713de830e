"""Portuguese and Dutch phrases a reply to an invitation uses, in English.

Read by rules_languages before the German, French, Spanish and Italian phrases of
lexicon_languages, on whole words, longest phrases first. Portuguese "segunda",
"quarta", "quinta", "sexta" are also ordinals ("a segunda opção", the second option):
they are days only as "-feira", or when neither "a"/"o" before them nor a noun after
them makes them a rank. "não dá" is a no, never "gives"; Dutch "niet" always a no
("maakt niet uit", it does not matter, is read first).
"""

# Words no English reply carries: only a reply with one of them is rewritten.
MARKERS_PT_NL = (
    r"segunda-feira|terça|terca|quarta-feira|quinta-feira|sexta-feira|não|nao|infelizmente|"
    r"obrigad[oa]|posso|consigo|escritório|escritorio|presencialmente|às|manhã|"
    r"funciona|pra\s+mim|para\s+mim|nenhum|nenhuma|prefiro|perfeito|"
    r"maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|niet|helaas|lukt|schikt|"
    r"só|segunda|quarta|quinta|sexta|geen|opties|tijden|liever|maar|"
    r"kantoor|uur|bedankt|graag|allebei|nee|volgende\s+week|komt|kan\s+ik|ik\s+kan|"
    r"estou|estarei|tenho|escolho|fico\s+com|talvez|cedo|afinal|viajando|tudo\s+bem|servem|"
    r"(?:maandag|dinsdag|woensdag|donderdag|vrijdag)(?:ochtend|middag|avond)|beschikbaar|"
    r"onmogelijk|kies|neem|toch|misschien|afspraak|vroeg|weet|drie|maakt"
)

_NL_DAY = r"(?:maandag|dinsdag|woensdag|donderdag|vrijdag)"

# Read before PHRASES_PT_NL: they hold words those take apart ("ben ik niet" holds "niet").
EARLY_PT_NL: tuple[tuple[str, str], ...] = (
    # Dutch "dinsdagochtend", "woensdagmiddag": the day and its part, as two words.
    (rf"({_NL_DAY})(ochtend|middag|avond)", r"\1 \2"),
    # Hedges first.
    (r"talvez|se\s+calhar", "maybe"),
    (r"não\s+sei(?:\s+ainda)?|nao\s+sei(?:\s+ainda)?|ainda\s+não\s+sei", "not sure"),
    (r"\bse\b", "if"),
    (r"misschien|wellicht|eventueel", "maybe"),
    (r"(?:ik\s+)?weet\s+(?:ik\s+)?(?:het\s+)?nog\s+niet|niet\s+zeker", "not sure"),
    (r"\b(?:als|indien|mits)\b", "if"),
    # Corrections.
    (r"no\s+fim|afinal|na\s+verdade", "actually"),
    (r"quis\s+dizer|queria\s+dizer", "I meant"),
    (r"(?:nee|neen),?\s+toch", "actually no,"),
    (r"(?:gaat|past|lukt)\s+(?:het\s+)?toch\s+niet", "doesn't work after all"),
    (r"ik\s+bedoelde|ik\s+bedoel", "I meant"),
    (r"\btoch\b", ""),
    # All, any.
    (r"(?:os|as)\s+três(?:\s+(?:horários|horarios|opções|opcoes|datas))?", "all three times"),
    (r"alle\s+drie(?:\s+de)?(?:\s+(?:tijden|opties|momenten|data))?", "all three times"),
    (r"qualquer\s+dia", "any day"),
    (
        r"(?:het\s+)?maakt\s+(?:mij\s+|me\s+)?niet\s+uit\s+welke\s+dag|welke\s+dag\s+maakt\s+(?:mij\s+|me\s+)?niet\s+uit",
        "any day",
    ),
    # A day's verdict, its verb before or after it.
    (
        r"estou\s+(?:viajando|de\s+viagem|fora|de\s+férias|de\s+ferias|doente)|"
        r"estarei\s+(?:viajando|fora|de\s+férias|de\s+ferias)",
        "I'm away",
    ),
    (
        r"tenho\s+(?:já\s+)?(?:outra\s+|outro\s+|uma\s+|um\s+)?(?:reunião|reuniao|compromisso|"
        r"consulta|aula)|estou\s+ocupad[oa]",
        "I'm busy",
    ),
    (r"estou\s+(?:disponível|disponivel|livre)", "I'm free"),
    (r"(?:é\s+)?(?:muito\s+cedo|cedo\s+demais)", "is too early"),
    (r"(?:é\s+)?(?:muito\s+tarde|tarde\s+demais)", "is too late"),
    (
        r"(?:ben\s+ik|ik\s+ben)\s+(?:er\s+)?(?:helaas\s+)?(?:op\s+reis|weg|er\s+niet|niet\s+op\s+kantoor|"
        r"op\s+vakantie|vrij\s+genomen|ziek|afwezig)",
        "I'm away",
    ),
    (
        r"(?:heb\s+ik|ik\s+heb)\s+(?:al\s+)?(?:helaas\s+)?(?:een\s+)?(?:andere\s+)?(?:afspraak|"
        r"vergadering|overleg|meeting|les|cursus)|(?:ben\s+ik|ik\s+ben)\s+(?:al\s+)?bezet",
        "I'm busy",
    ),
    (r"(?:ben\s+ik|ik\s+ben)\s+(?:beschikbaar|vrij)", "I'm free"),
    (r"(?:is\s+)?(?:mij\s+)?te\s+vroeg", "is too early"),
    (r"(?:is\s+)?(?:mij\s+)?te\s+laat", "is too late"),
    (r"onmogelijk|impossível|impossivel", "impossible"),
    (r"tudo\s+bem", "fine"),
    (r"(?:me\s+)?servem", "work"),
    # Choosing, coming.
    (r"escolho|fico\s+com(?:\s+[ao])?|ik\s+kies|ik\s+neem|kies\s+ik|neem\s+ik", "I'll take"),
    (r"prefiro\s+ir\s+ao\s+(?:escritório|escritorio)", "prefer to come to the office"),
    (r"ir\s+ao\s+(?:escritório|escritorio)", "come to the office"),
    (r"ik\s+kom\s+liever", "prefer to come"),
    (r"ik\s+kom", "I'll come"),
    (r"(?:a\s+opção|a\s+opcao|de\s+optie)(?=\s+[A-H](?![\w']))", "option"),
)

_PT_ORDINAL_AFTER = (
    r"(?!\s+(?:opção|opcao|opções|opcoes|vez|alternativa|data|semana|hora|proposta))"
)
_PT_DAY = r"(?<!\b[aAoO]\s)(?:{})(?:-feira|\s+feira)?" + _PT_ORDINAL_AFTER

PHRASES_PT_NL: tuple[tuple[str, str], ...] = (
    # Portuguese: declines before the no they hold ("não vou poder ir").
    (
        r"(?:infelizmente\s+)?não\s+(?:vou\s+poder|poderei|consigo|posso)\s+"
        r"(?:ir|participar|comparecer|estar\s+presente|estar\s+lá)",
        "I can't attend",
    ),
    (
        r"nenhum(?:a)?\s+(?:(?:dos\s+horários|dos\s+horarios|das\s+opções|das\s+opcoes|"
        r"das\s+datas|deles|delas)\s+)?(?:me\s+)?(?:funciona|serve|dá|da\s+certo|dá\s+certo)"
        r"(?:\s+(?:para|pra)\s+mim)?",
        "none of the times work",
    ),
    # Spanish "no me funciona" holds the Portuguese yes word: read as the no first.
    (r"no\s+(?:me\s+)?funciona", "doesn't work"),
    (
        r"não\s+(?:me\s+)?(?:dá|da|posso|consigo|vai\s+dar|funciona|serve|rola|fica\s+bom)",
        "doesn't work",
    ),
    (r"nenhum(?:a)?", "none"),
    (
        r"tod[oa]s\s+(?:os\s+horários\s+|as\s+opções\s+)?(?:me\s+)?(?:funcionam|servem)|"
        r"qualquer\s+um(?:a)?\s+(?:me\s+)?(?:serve|funciona)|tudo\s+(?:me\s+)?(?:serve|funciona)",
        "all work",
    ),
    (r"qualquer\s+(?:horário|horario|dia|hora)", "any time"),
    (r"os\s+dois|as\s+duas", "both"),
    (
        r"(?:me\s+)?(?:funciona|serve)|dá\s+certo|(?:dá|da)(?=\s+(?:para|pra)\s+mim)|pode\s+ser|"
        r"(?:está|esta|tá|ta)\s+(?:ótimo|otimo|bom|bem|perfeito)|fica\s+(?:bom|ótimo)|ótimo|otimo",
        "works",
    ),
    (r"(?:para|pra)\s+mim", "for me"),
    (r"perfeito|perfeita", "perfect"),
    (r"prefiro|preferiria", "prefer"),
    # "Posso na quarta": I can, once its no ("não posso") has been read above.
    (r"posso|consigo", "I can do"),
    # "pelo Google Meet": by way of the call named after it.
    (r"pel[oa](?=\s+(?:zoom|teams|google\s+meet|meet|skype|webex|v[íi]deo))", "on"),
    (r"de\s+preferência|preferencialmente", "preferably"),
    (r"infelizmente", "unfortunately"),
    (r"obrigad[oa]|valeu", "thanks"),
    (r"desculp[ae]|sinto\s+muito", "sorry"),
    (r"no\s+(?:escritório|escritorio)", "in the office"),
    (r"(?:o\s+)?(?:escritório|escritorio)", "the office"),
    (r"na\s+cafeteria|no\s+café|no\s+cafe", "at the cafe"),
    (r"presencialmente|pessoalmente", "in person"),
    (r"por\s+(?:vídeo|video|videochamada|chamada\s+de\s+vídeo)|remotamente", "online"),
    (r"(?:de|pela)\s+(?:manhã|manha)", "morning"),
    (r"(?:à|de|pela)\s+tarde", "afternoon"),
    (
        r"(?:a\s+)?semana\s+que\s+vem|(?:a\s+)?próxima\s+semana|(?:a\s+)?proxima\s+semana",
        "next week",
    ),
    (_PT_DAY.format("segunda"), "monday"),
    (r"ter[çc]a(?:-feira|\s+feira)?", "tuesday"),
    (_PT_DAY.format("quarta"), "wednesday"),
    (_PT_DAY.format("quinta"), "thursday"),
    (_PT_DAY.format("sexta"), "friday"),
    (r"\bsim\b", "yes"),
    (r"\bnão\b|\bnao\b", "no"),
    (r"\bexceto\b", "except"),
    # Dutch: "maakt (mij) niet uit" (it does not matter) before any "niet".
    (r"(?:het\s+)?(?:tijdstip|tijd)\s+maakt\s+(?:mij\s+|me\s+)?niet\s+uit", "any time"),
    (
        r"(?:de\s+)?(?:plek|locatie|plaats)\s+maakt\s+(?:mij\s+|me\s+)?niet\s+uit|"
        r"waar\s+maakt\s+(?:mij\s+|me\s+)?niet\s+uit",
        "any place",
    ),
    (
        r"ik\s+kan\s+(?:er\s+)?(?:helaas\s+)?niet\s+(?:bij\s+zijn|komen|aanwezig\s+zijn|deelnemen|"
        r"meedoen)|ik\s+moet\s+(?:helaas\s+)?afzeggen|ik\s+meld\s+me\s+(?:helaas\s+)?af",
        "I can't attend",
    ),
    (
        r"geen\s+van\s+(?:de|deze|alle)\s+(?:tijden|opties|data|momenten|tijdstippen)\s+"
        r"(?:past|passen|lukt|lukken|kan|gaat)(?:\s+(?:mij|me))?|"
        r"geen\s+enkele\s+(?:optie|tijd|datum)\s+(?:past|lukt)(?:\s+(?:mij|me))?",
        "none of the times work",
    ),
    # "ik kan dinsdag niet", "dinsdag kan ik niet": the day, then its no.
    (r"ik\s+kan\s+(\w+)\s+(?:helaas\s+)?niet(?!\s+(?:om|voor|na)\b)", r"\1 doesn't work"),
    (
        r"(?:past|lukt|schikt|gaat)\s+(?:mij\s+|me\s+|het\s+)?(?:helaas\s+)?niet|"
        r"(?:ik\s+)?kan\s+(?:ik\s+)?(?:helaas\s+)?niet|gaat\s+(?:helaas\s+)?niet\s+lukken|"
        r"komt\s+(?:mij\s+|me\s+)?(?:helaas\s+)?niet\s+(?:goed\s+)?uit",
        "doesn't work",
    ),
    (
        r"alle\s+(?:tijden|opties|momenten)\s+(?:passen|zijn\s+goed|zijn\s+prima)|"
        r"ze\s+passen\s+allemaal|allemaal\s+(?:prima|goed)",
        "all work",
    ),
    (r"allebei|beide", "both"),
    (r"zijn\s+(?:goed|prima)|(?:passen|lukken)(?:\s+(?:mij|me))?(?:\s+(?:prima|goed))?", "work"),
    (
        r"past\s+(?:mij\s+|me\s+)?(?:prima|goed)|past\s+(?:mij|me)|komt\s+(?:mij\s+|me\s+)?goed\s+uit|"
        r"is\s+(?:prima|goed|perfect)(?:\s+voor\s+mij)?|lukt(?:\s+(?:mij|me))?|schikt(?:\s+(?:mij|me))?|"
        r"gaat\s+(?:prima|goed)|kan\s+ik(?:\s+wel)?|prima|"
        # "dinsdag past": never the English "half past ten".
        r"(?<!half\s)past(?!\s+(?:\d|ten|nine|eleven|twelve|one|two|three|four|five|six|seven|eight))",
        "works",
    ),
    (r"ik\s+kan", "I can do"),
    (r"voor\s+mij", "for me"),
    (r"liever", "prefer"),
    (r"het\s+liefst|bij\s+voorkeur|mijn\s+voorkeur\s+gaat\s+naar", "preferably"),
    (r"helaas", "unfortunately"),
    (r"bedankt|dank\s+je(?:wel)?|dank\s+u(?:\s+wel)?|dankjewel", "thanks"),
    (r"op\s+(?:het\s+)?kantoor|naar\s+(?:het\s+)?kantoor", "in the office"),
    (r"(?:het\s+)?kantoor", "the office"),
    (r"in\s+(?:het\s+)?café|bij\s+(?:het\s+)?café", "at the cafe"),
    (r"op\s+afstand|digitaal|via\s+video", "online"),
    (r"op\s+locatie|fysiek|in\s+persoon|persoonlijk", "in person"),
    (r"'s\s+ochtends|'s\s+morgens|in\s+de\s+ochtend|ochtend", "morning"),
    (r"'s\s+middags|in\s+de\s+middag|middag", "afternoon"),
    (r"'s\s+avonds", "evening"),
    (r"volgende\s+week", "next week"),
    (r"deze\s+week", "this week"),
    (r"maandag", "monday"),
    (r"dinsdag", "tuesday"),
    (r"woensdag", "wednesday"),
    (r"donderdag", "thursday"),
    (r"vrijdag", "friday"),
    (r"zaterdag", "saturday"),
    (r"zondag", "sunday"),
    (r"\bnee\b", "no"),
    (r"\bmaar(?:\s+wel)?\b", "but"),
    (r"\bniet\b", "not"),
    (r"\bgraag\b", "please"),
    (r"\bmelhor\b", "prefer"),
    (r"\bé\b", "is"),
)
