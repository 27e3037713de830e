"""Filler words, English and Chinese, that a clause may hold around an option label."""

from negotiation.understanding.lexicon_fillers_everyday import (
    EVERYDAY_FILLERS,
    EVERYDAY_PLEASANTRIES,
)

# Words that may stand next to an option without changing what the clause says. A clause
# that names an option and also holds any other word is left to a human (or the LLM).
FILLERS = frozenset(
    [
        # Pleasantries around an answer ("Sorry, I can't make it", "see below").
        "sorry",
        "unfortunately",
        "apologies",
        "afraid",
        "below",
        "above",
        "s",
        # Order words as discourse ("First, A works"); as ordinals they are masked first.
        "first",
        "firstly",
        # Coming to a place ("I'll come to the office", "I'll dial in on Zoom"); "can't
        # come" is a decline first.
        "dial",
        "come",
        # Emphasis that changes no verdict ("Zoom obviously", "honestly C").
        "obviously",
        "even",
        # "B doesn't work anymore", "C still works": when, not whether.
        "anymore",
        "now",
        "still",
        "much",
        "honestly",
        "certainly",
        "absolutely",
        "totally",
        "coming",
        # Asking for something else: "can we use Teams?", "push it to Thursday".
        "use",
        "using",
        "push",
        "move",
        "shift",
        "chance",
        "anyway",
        "i",
        "i'd",
        "i'll",
        "i'm",
        "im",
        "ive",
        "i've",
        "me",
        "my",
        "mine",
        "we",
        "we're",
        "we'll",
        "we'd",
        "us",
        "our",
        "let's",
        "lets",
        "let",
        "you",
        "your",
        "yours",
        "for",
        "to",
        "the",
        "a",
        "an",
        "on",
        "at",
        "in",
        "of",
        "is",
        "are",
        "be",
        "am",
        "was",
        "been",
        "it",
        "it's",
        "its",
        "that",
        "that's",
        "this",
        "those",
        "these",
        "them",
        "then",
        "so",
        "and",
        "or",
        "either",
        "both",
        "also",
        "too",
        "just",
        "really",
        "very",
        "quite",
        "totally",
        "definitely",
        "absolutely",
        "please",
        "pls",
        "plz",
        "thanks",
        "thank",
        "thx",
        "ok",
        "okay",
        "sure",
        "yes",
        "yeah",
        "yep",
        "yup",
        "great",
        "good",
        "fine",
        "perfect",
        "lovely",
        "works",
        "work",
        "worked",
        "working",
        "suits",
        "suit",
        "would",
        "will",
        "could",
        "can",
        "do",
        "does",
        "go",
        "going",
        "with",
        "take",
        "choose",
        "pick",
        "select",
        "vote",
        "voting",
        "option",
        "options",
        "prefer",
        "preferred",
        "preference",
        "rather",
        "choice",
        "best",
        "better",
        "easier",
        "ideal",
        "have",
        "has",
        "by",
        "via",
        "call",
        "calls",
        "meeting",
        "meet",
        "online",
        "mine",
        "here",
        "there",
        "from",
        "side",
        "end",
        "count",
        "put",
        "down",
        "as",
        "time",
        "times",
        "one",
        "ones",
        "hey",
        "hi",
        "hello",
        "available",
        "free",
        "happy",
        "book",
        "schedule",
        "sounds",
        "sound",
        "looks",
        "seems",
        "like",
        "all",
        "any",
        "only",
        "slot",
        "slots",
        "day",
        "days",
        "place",
        "location",
        "venue",
        "see",
        "cheers",
        "would've",
        "answer",
        "reply",
        "my",
        "vote",
        "mark",
        "me",
        "in",
        "up",
        "alright",
        "right",
        "awesome",
        "cool",
        "nice",
        "excellent",
        "brilliant",
        "grand",  # "Thursday is grand": fine, in Irish and British English
        # Keen on it ("I love Cafe Luna", "I'd love Thursday"); "would have loved A" is
        # not it, and "I'd love to say Thursday, but" is left to the words around it.
        "love",
        "absolutely",
        "certainly",
        "indeed",
        "both",
        "either",
        "whichever",
        "preferably",
        "ideally",
        "most",
        "more",
        # What a negation leaves of "can't", "won't", "shan't", "ain't" once it takes "n't".
        "ca",
        "wo",
        "sha",
        "ai",
        "did",
        "could",
        "should",
        # "Will join on Zoom", "and will attend in person": how they take part, said of
        # the place beside it; the verdict comes from the words around it ("can't join").
        "join",
        "attend",
        # "ought to be ok": a yes, as "should be fine" is (the owner's decision).
        "ought",
        "must",
        "need",
        "anything",
        "everything",
        "else",
        "other",
        "others",
        "rest",
    ]
)
# Everyday wording by kind, each kind with why it is safe: lexicon_fillers_everyday.
FILLERS |= EVERYDAY_FILLERS
CJK_FILLERS = frozenset(
    "太吗到来抱歉我的吧了选择只能就都也时间地点用在那个呢啊哦嗯对是和或们会议开比较最更一下好行可以方便没问题有空这定来参加去呀哈谢啦者还话上午晚您你他她它见"
)

# Wishes and thanks that carry no answer, masked before reading: "Good luck!" is no
# "good" for an option, "have a nice weekend" no weekend.
PLEASANTRIES = (
    r"\bgood\s+luck\b(?:\s+with\s+(?:it|that|the\s+meeting))?",
    r"\bbest\s+of\s+luck\b",
    r"\bhave\s+a\s+(?:good|nice|great|lovely)\s+(?:day|weekend|week|evening|one)\b",
    r"\bhope\s+(?:you'?re|you\s+are|all\s+is)\s+(?:well|good)\b",
    r"\btake\s+care\b",
    r"\bthanks\s+for\s+(?:organi[sz]ing|setting\s+(?:this|it)\s+up|sorting\s+this)\b",
    r"祝(?:一切)?顺利",
    r"\bafter\s+all\b",
    # A softener, not a condition: "Office 3F if possible" asks for the office.
    r"\bif\s+(?:at\s+all\s+)?possible\b",
    # A courtesy to the others, not a condition on the writer: "Thursday at 3pm would also
    # work if that's easier for the others", "if neither works for the others, Thursday?".
    # "if that works for you" asks the organiser and stays a hedge.
    r"\bif\s+(?:that|it)(?:['’]s|\s+is|\s+would\s+be|\s+makes\s+(?:it|things)|['’]d\s+be)\s+"
    r"(?:easier|simpler|better|more\s+convenient)\s+for\s+(?:the\s+others|everyone|everybody|"
    r"you|you\s+all|the\s+(?:rest|group|team)|others)\b",
    r"\bif\s+(?:that|it|this|neither|none(?:\s+of\s+(?:them|these|those))?)\s+"
    r"(?:works?|suits?|does(?:n['’]?t|\s+not)\s+work)\s+for\s+(?:the\s+others|everyone|everybody"
    r"|the\s+(?:rest|group|team)|others)\b",
    r"不好意思",
    # 纪要发我一份就好: "just send me the minutes", an errand beside the answer; its 好 and
    # 行 are no yes to anything offered.
    r"(?:会后|之后|回头)?(?:把|给我)?(?:会议)?(?:纪要|记录|笔记|材料|总结|录屏|录音|PPT|slides?)"
    r"(?:(?:发|转|抄送|同步)(?:给|一份给)?|给)我(?:一份|一下)?(?:就(?:好|行|可以)了?)?",
    # "In short" and "about to drive": how the answer is said, not what it says.
    r"(?:简单|简单来|长话短)说",
    r"(?:^|(?<=[。！!，,\s]))(?:一会儿?|待会儿?|马上)要?开车(?=[，,。！!\s]|$)",
    r"\bin\s+a\s+(?:rush|hurry)\b",
    # "Wednesday's good in principle but 2pm clashes": the "but" says what is wrong; alone
    # ("A works in principle") it stays unread and is asked about.
    r"\bin\s+principle(?=\s*,?\s*but\b)",
    # An apology for answering late, and how the past days went: about the mail, not the
    # meeting ("sorry for the late reply, it's been a crazy week with the audit").
    r"\b(?:sorry|apologies|apologi[sz]e)\s+(?:for\s+(?:the|my)\s+(?:late|slow|delayed|belated)"
    r"\s+(?:reply|response|answer)|for\s+(?:the|my)\s+delay(?:ed\s+(?:reply|response))?"
    r"|(?:i'?m|for\s+being)\s+late\s+(?:to\s+reply|replying|responding|getting\s+back))\b",
    r"\bit'?s\s+been\s+(?:a|such\s+a)\s+(?:crazy|mad|busy|hectic|long|rough|wild|manic)\s+week"
    r"(?:\s+with\s+(?:the|a|an|my|our)\s+[a-z]+(?=\s*[.!,;]))?",
    # "all three proposed slots": the options themselves, described ("I proposed Thursday"
    # is left alone: what was proposed, and when, is not this reply's answer).
    r"\b(?:proposed|suggested|listed|offered)(?=\s+(?:times?|slots?|dates?|days?|options?"
    r"|places?|locations?|venues?)\b)",
    # "the last place on the list": where an option stands, nothing more.
    r"\b(?:on|in|from)\s+(?:the|your)\s+(?:list|invite|invitation)\b",
    # Keen to come, no vote: "Wouldn't miss it. Tuesday." ("I'll miss it" is left alone).
    r"\b(?:wouldn'?t|would\s+not|won'?t|will\s+not)\s+miss\s+it(?:\s+for\s+the\s+world)?\b",
    # What the writer brings says nothing of when or where: "C at the cafe, I'll bring my laptop".
    r"\bi'?ll\s+bring\s+(?:my|a)\s+laptop\b",
    # What the room has that the writer needs: why a place suits, no vote of its own.
    r"\b(?:i|we)\s+(?:need|want|have\s+to\s+use)\s+(?:the|a)\s+(?:projector|whiteboard|beamer"
    r"|flip\s?chart|big\s+screen|screen)\b",
    # How the writer came to the answer or typed it: "just looked at my calendar".
    r"\b(?:i\s+)?(?:just\s+)?(?:looked\s+at|checked)\s+my\s+(?:calendar|diary|schedule|agenda)\b",
    r"\b(?:typing|writing)\s+(?:on|from)\s+my\s+(?:phone|mobile)\b",
    # Where the writer will be "anyway" is why, not a condition: "B, 2. I'll be in the office
    # anyway" ("I'll be in the office 2 days" stays a hedge). Right after "no," it is why
    # the mind changed ("Zoom - hmm, no, I'll be in the office anyway, 3F"): kept.
    r"(?<!\bno,\s)(?<!\bno\s)(?<!\bactually,\s)(?<!\bactually\s)"
    r"\b(?:i'?ll|i\s+will|i'?m|i\s+am)\s+(?:be\s+)?(?:in|at)\s+the\s+office\s+anyway\b",
    # Why a place suits, no vote of its own: "Cafe Einstein, it's closer to the station".
    r"\b(?:it'?s|it\s+is)\s+(?:much\s+|a\s+lot\s+|way\s+)?(?:closer|nearer)"
    r"(?:\s+(?:to|for)\s+(?:me|us|the\s+(?:station|office|airport)|my\s+(?:place|home|office|flat)))?\b",
    # What the meeting is, no vote: "not a fan of cafés for this kind of thing".
    r"\bfor\s+(?:this|that|such\s+a)\s+kind\s+of\s+(?:thing|meeting|call|discussion|talk)\b",
    *EVERYDAY_PLEASANTRIES,
)
