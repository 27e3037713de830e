"""Greeting and sign-off lines of an email, dropped before reading a reply."""

import re

# A name, or an initial after a sign-off's comma ("Best, A."): never an option label.
_NAME = r"(?:\s*(?-i:[A-Z][a-z][\w.'-]*|(?<=,\s)[A-Z]\.|[\u4e00-\u9fff]{1,4})){0,3}"
GREETING_LINE = re.compile(
    r"^\s*(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening)|greetings|hiya|howdy|"
    r"(?:hi|hello|hey|dear|hallo|ciao|morning)\s+(?:all|everyone|everybody|team|there|folks"
    r"|zusammen|tutti)|hallo|ciao|hola|bonjour|salut|servus|moin|你好|您好|大家好|各位好)"
    + _NAME
    + r"\s*[,!.:，！。：]?\s*$",
    re.IGNORECASE,
)
# A greeting that opens the first line before the answer: "Hallo zusammen, I can make
# Thursday", "Dear all, ...", "Ciao, ...". A bare "Morning," is left alone: it may be the
# part of the day chosen ("Morning, Tuesday").
GREETING_OPENING = re.compile(
    r"^\s*(?:(?:hi+|hello|hey|dear|hallo|ciao|hola|bonjour|salut|servus|moin|hiya|greetings"
    r"|good\s+(?:morning|afternoon|evening))(?:\s+(?:all|everyone|everybody|team|there|folks"
    r"|guys|zusammen|tutti|a\s+tutti|à\s+tous|a\s+todos))?" + _NAME + r")\s*[,!，！]\s*(?=\S)"
    # "Morning Alice!", "Hello hello.", "yo.", "Hi Alice - long week": with a name after it
    # (or said twice) "morning" greets, and a dash or a full stop ends a greeting too; a
    # bare "Morning," is left alone, as above.
    r"|^\s*(?:(?:morning|evening)(?=\s+(?-i:[A-Z][a-z]))" + _NAME + r"\s*[,!]"
    r"|(?:hi+|hello|hey|yo)(?:\s+(?:hi+|hello|hey))?" + _NAME + r"\s*(?:[.!]|\s-+)"
    # "Good afternoon. I have reviewed ...": "good" before the part of the day greets.
    r"|good\s+(?:morning|afternoon|evening)(?:\s+(?-i:[A-Z][a-z][\w.'-]*)){0,2}\s*\."
    r"|(?:hi+|hello|hey|dear)" + _NAME + r"(?<=[a-z])\s+-+)\s*(?=\S)",
    re.IGNORECASE,
)
_SIGNOFF = (
    r"(?:thanks|thank\s+you|many\s+thanks|thanks\s+a\s+lot|thx|ty|cheers|best|best\s+regards|regards|"
    r"kind\s+regards|warm\s+regards|best\s+wishes|br|sincerely|yours|all\s+the\s+best|talk\s+soon|see\s+you(?:\s+then)?|"
    r"sent\s+from\s+my\s+\w+|谢谢|多谢|感谢|祝好|此致|敬礼|"
    # German, French and Spanish sign-offs and "sent from" lines.
    r"(?:viele|liebe|beste|herzliche|freundliche)\s+gr(?:ü|ue)(?:ß|ss)e|"
    r"mit\s+(?:freundlichen|besten|herzlichen)\s+gr(?:ü|ue)(?:ß|ss)en|gr(?:ü|ue)(?:ß|ss)e|gru(?:ß|ss)|"
    r"lg|vg|mfg|gesendet\s+von\s+meinem\s+\w+|von\s+meinem\s+\w+\s+gesendet|danke|"
    r"cordialement|bien\s+(?:à|a)\s+vous|bonne\s+journ(?:é|e)e|merci|amiti(?:é|e)s|"
    r"envoy(?:é|e)\s+de\s+mon\s+\w+|saludos|un\s+saludo|atentamente|gracias|"
    r"enviado\s+desde\s+mi\s+\w+)"
)
SIGNOFF_WORDS = _SIGNOFF  # run into the last line instead (rules_signoff)
SIGNOFF_LINE = re.compile(
    # "Kind regards / Mit freundlichen Grüßen": two sign-offs on one line.
    rf"^\s*{_SIGNOFF}(?:\s*[/|]\s*{_SIGNOFF})?" + _NAME + r"\s*[,!.:，！。：]?" + _NAME + r"\s*$",
    re.IGNORECASE,
)
