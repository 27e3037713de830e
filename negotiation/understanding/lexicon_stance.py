"""Phrases that say how a clause answers: all, none, decline, negation, hedges, change of mind.

Matched on NFKC-normalised, lower-cased text; see lexicon.py for how the lexicon is kept.
"""

from negotiation.understanding.lexicon_second_looks import SECOND_LOOKS, SORRY_CHANGE

# Universal acceptance, only when the clause names no option itself ("A and C both work"
# names options and is read as those options).
ALL_PHRASES = (
    r"\bany(?:thing|one|time)?\s+(?:of\s+(?:them|these|those)\s+)?(?:works?|is\s+fine|is\s+ok(?:ay)?|is\s+good|suits?)\b",
    r"\bany\s+of\s+(?:them|these|those|the\s+\w+)\b",
    r"\ball\s+(?:of\s+(?:them|these|those|the\s+\w+)\s+)?(?:works?|are\s+(?:fine|ok(?:ay)?|good)|good|fine|ok(?:ay)?)\b",
    r"\b(?:either|both)\s+(?:one\s+|of\s+(?:them|these|those)\s+)?(?:works?|is\s+fine|are\s+fine|is\s+ok(?:ay)?|are\s+ok(?:ay)?|is\s+good|suits?)\b",
    r"\bwhatever\s+(?:works|suits|you\s+(?:prefer|choose|pick|decide))\b",
    # "Zoom or 3F, whatever's easiest": the writer leaves the choice among those named.
    r"\b(?:whatever|whichever)(?:'s|\s+is)\s+(?:easiest|easier|simplest|best|most\s+convenient)\b",
    r"\bno\s+preference\b",
    r"\bi(?:'m|\s+am)\s+(?:flexible|easy)\b",
    # Places: "don't mind where", "wherever", "location doesn't matter", "place up to you".
    r"\b(?:don'?t|do\s+not)\s+mind\s+where\b",
    # "Places I don't care", "don't care which": no preference ("don't care for Zoom" dislikes).
    r"\b(?:don'?t|do\s+not)\s+care\b(?!\s+(?:for|about)\b)",
    r"\bno\s+matter\s+(?:when|where|which)\b",
    r"\bwhenever\b",
    r"\banytime\b",
    r"\bwherever(?:\s+(?:suits|works|you\s+(?:like|want|prefer)))?\b",
    r"\banywhere\b",
    r"\b(?:place|location|venue)s?\s+(?:doesn'?t|does\s+not|don'?t)\s+matter\b",
    r"\b(?:place|location|venue)s?\s+(?:is\s+)?up\s+to\s+you\b",
    r"\b(?:happy|fine|ok(?:ay)?)\s+with\s+(?:either|any|both)\s+(?:place|location|venue)s?\b",
    r"地点随意",
    r"地点都",
    r"在哪(?:里|儿)?都",
    r"哪里都",
    r"哪儿都",
    # "all day", "all the time" say how long, never which: "I've been in Zoom calls all day".
    r"\b(?:any|either|both)\s+(?:time|place|location|day|option|slot)s?\b",
    r"\ball\s+(?:(?:place|location|option|slot)s?|days)\b",
    r"\ball\s+(?:times|options|places|locations)\b",
    r"^\W*(?:any|all|either|both|whichever|whatever|anything|everything)\W*$",
    r"都可以",
    r"都行",
    r"都好",
    r"都ok",
    r"都没问题",
    r"随便",
    r"哪个都",
    r"任何时间",
    r"无所谓",
)

NONE_PHRASES = (
    r"\bnone\b",
    r"\bneither\b",
    r"\bno\s+(?:option|time|slot|place|location|day)s?\s+(?:works?|suits?|is\s+good)\b",
    r"\b(?:can'?t|cannot|can\s+not|won'?t|will\s+not)\s+(?:do|make)\s+any\s+(?:of\s+(?:them|these|those|the\s+\w+))?",
    r"\bnot\s+any\s+of\s+(?:them|these|those)\b",
    r"\b(?:won'?t|will\s+not|not)\s+be\s+able\s+to\s+(?:do|make)\s+any\s+of\s+(?:them|these|those|the\s+\w+)",
    r"都不行",
    r"都不可以",
    r"都不合适",
    r"都没空",
    r"都不方便",
    # 都不太方便, 都不太合适: "not quite" convenient, said of all of them, is still none.
    r"都不太(?:方便|合适|可以)",
    r"都没时间",
    r"都去不了",
    r"都不太行",
)

DECLINE_PHRASES = (
    r"^\W*declin(?:e|ed|ing)\b",
    # Someone else goes, or the meeting goes on without them: they withdraw.
    r"\b(?:go\s+ahead|go\s+on|carry\s+on|proceed|start|meet)\s+without\s+me\b",
    r"\b(?:can|will|could)\s+(?:represent|cover\s+for|stand\s+in\s+for|go\s+for)\s+me\b",
    r"\bin\s+my\s+place\b",
    r"你们先开",
    r"不用等我",
    r"别等我",
    r"\b(?:can'?t|cannot|can\s+not|won'?t|will\s+not|couldn'?t)\s+(?:make\s+it|attend|join|come|be\s+there|participate)\b",
    r"\b(?:not|unable|won'?t\s+be)\s+(?:be\s+)?able\s+to\s+(?:make\s+it|attend|join|come|be\s+there|participate)\b",
    r"\bunable\s+to\s+(?:make\s+it|attend|join|come)\b",
    r"\bcount\s+me\s+out\b",
    r"\bi'?ll\s+(?:have\s+to\s+)?(?:pass|skip)\b",
    r"\b(?:have|need)\s+to\s+decline\b",
    r"\b(?:must|shall|will|i'?ll|gonna|going\s+to|(?:sadly|regretfully|respectfully|politely)"
    r"(?:\s+i)?|i(?:'m|\s+am))\s+(?:(?:have\s+to|regretfully|respectfully|politely)\s+)?declin(?:e|ed|ing)\b",
    r"\bi\s+decline\b",
    r"\bsit\s+this\s+one\s+out\b",
    r"\btake\s+me\s+off\s+(?:this\s+one|the\s+(?:invite|invitation|list|meeting))\b",
    r"\bnot\s+going\s+to\s+(?:be\s+able\s+to\s+)?(?:make\s+it|attend|join|come|be\s+there)\b",
    # "not going to make the Q1 review", "can't make the weekly sync": the meeting by its name.
    r"\b(?:not\s+going\s+to|(?:can'?t|cannot|won'?t|couldn'?t)|unable\s+to)\s+make\s+the\s+"
    r"(?:[\w-]+\s+){0,2}?(?:meeting|call|session|review|sync|catch[\s-]?up|workshop)\b",
    # "Maria from my team will join instead": someone else goes in the writer's place.
    r"\b(?:(?-i:(?!I\b)[A-Z][a-z]+)|(?:my|a)\s+(?:colleague|deputy|manager|boss|assistant"
    r"|teammate|co-?worker))(?:\s+(?-i:[A-Z][a-z]+))?(?:\s+from\s+(?:my|our)\s+team)?"
    r"\s+(?:will|can|could|would)\s+(?:join|attend|come|go|dial\s+in)\s+instead\b",
    r"\b(?:have\s+to|going\s+to|will|i'?ll)\s+(?:have\s+to\s+)?miss\s+(?:this\s+one|this\s+meeting|the\s+meeting)\b",
    r"\bbow\s+out\b",
    r"\bi'?m\s+out\s*(?:[.,!;]|$)",
    r"\b(?:going\s+to|gonna|will|i'?ll)\s+(?:have\s+to\s+)?skip\s+(?:this\s+one|this\s+meeting|it)\b",
    r"\bnot\s+(?:be\s+)?available\s+for\s+(?:this|the)\s+(?:one|meeting|call|session)\b",
    r"^\W*(?:my\s+)?regrets\W*$",
    r"^\W*(?:(?:sorry|unfortunately)\W+)?not\s+this\s+time\W*$",
    r"\b(?:don'?t|no\s+need\s+to)\s+wait\s+for\s+me\b",
    r"退出",
    r"\bwon'?t\s+be\s+(?:joining|attending|coming)\b",
    r"\bnot\s+(?:coming|attending|joining)\b",
    r"去不了",
    r"来不了",
    r"参加不了",
    r"不参加",
    r"不能参加",
    r"无法参加",
    r"没法参加",
    r"不去了",
    r"就不去",
    r"不来了",
    r"赶不上",
    r"出席不了",
    r"无法出席",
    r"不能出席",
)

# Asking the hub for other times: no question for the organiser, no vote of its own
# ("None of these work, could you suggest other times?").
OTHER_TIMES = (
    r"\b(?:suggest|propose|find|offer|send|try)\s+(?:some\s+)?(?:other|another|different|new|more)\s+"
    r"(?:times?|days?|dates?|slots?|options?)\b",
    r"换个时间",
    r"其他时间",
    r"别的时间",
)

# Phrases that look negative but say yes: removed before looking for negation.
POSITIVE_IDIOMS = (
    r"\bno\s+problem\b",
    r"\bnot\s+a\s+problem\b",
    r"\bno\s+issues?\b",
    r"\bno\s+worries\b",
    r"\bdon'?t\s+mind\b(?!\s+where)",
    # "A-OK", "A-okay", "AOK": an idiom for fine, never option A.
    r"\ba-ok(?:ay)?\b",
    r"\baok\b",
    r"\bnot\s+bad\b",
    r"\bno\s+objections?\b",
    r"\bcan'?t\s+wait\b",
    # "I can't say no to Thursday": keen; "I can't say yet" stays unread.
    r"\b(?:can'?t|cannot|couldn'?t)\s+say\s+no\s+to\b",
    r"没有?问题",
    r"不错",
    r"不介意",
    r"没关系",
    r"不成问题",
    r"不管",
    r"无论",
    r"不用担心",
    # Question tags, not negations: 能不能改到周五？ asks for Friday.
    r"能不能",
    # 要不周五上午10点？ proposes ("how about"); 要不是 ("if not for") stays a negation.
    r"要不(?:然|要)?(?!是)",
    r"可不可以",
    r"行不行",
    r"好不好",
    r"\bnot\s+picky\b",
    r"\beither\s+way\b",
    r"\bnot\s+fussy\b",
)

NEGATION = (
    # "Not a fan of cafés": a no to what follows ("a fan of Zoom" is left unread); before
    # "not", which would leave "fan" unread.
    r"\bnot\s+(?:a\s+(?:big\s+|huge\s+)?|the\s+biggest\s+)?fan\s+of\b",
    r"\bnot\b",
    # "A no longer works" (before "no", which would leave "longer" unread).
    r"\bno\s+longer\b(?!\s+(?:a\s+)?(?:problem|an\s+issue|clash|conflict|busy))",
    r"\bno\b",
    r"n't\b",
    r"\bcannot\b",
    r"\bcan\s+not\b",
    r"\bunable\b",
    r"\bbusy\b",
    r"\bunavailable\b",
    r"\bconflicts?\b",
    r"\bclash(?:es)?\b",
    r"\bnever\b",
    r"\b(?:is|are)\s+out\b",
    # "Monday morning is taken", "Tuesday is gone": the slot went to something else.
    r"\b(?:is|are|'s)\s+(?:now\s+|already\s+)?(?:taken|gone)\b",
    r"\bimpossible\b",
    r"\bout\s+of\s+office\b",
    r"\baway\b",
    r"\bbooked\b",
    r"\bblocked\b",
    # "Tuesday 10 is too early for me": a no ("not too early" is a hedge, asked about).
    r"\btoo\s+(?:early|late)\b",
    r"(?<!不)太(?:早|晚)",  # 三点太早了: too early, a no (不太早 is "not too early")
    # "Monday's slammed", "Monday's packed for me": the writer's day is full. A place
    # "always packed" is only why another is proposed (heldout4), so "for me" is needed.
    r"\b(?:slammed|swamped|snowed\s+under)\b",
    r"\b(?:packed|full)\s+for\s+me\b",
    # A tool the writer's machines refuse: "our laptops block Zoom", "the firewall blocks Meet".
    r"\b(?:our|my|the|their)\s+(?:laptops?|computers?|firewall|network|it)\s+(?:blocks?|bans?)\b",
    r"\bwithout\b",
    # "Going to pass on A and B": a no to those; "pass it on" never reaches an option.
    # (Once the options are taken out, only a list's joints or its end follow it.)
    r"\bpass\s+on(?=\s+(?:[A-H]\b|(?:mon|tue|wed|thu|fri)[a-z]*\b)|\s*(?:[,.;!]|and\b|or\b|please\b|$))",
    r"\bbad\b",
    r"\bterrible\b",
    r"\btough\b",
    r"\bdifficult\b",
    r"\btricky\b",
    r"\bawkward\b",
    r"\b(?:i'?m|i\s+am|i'?ll\s+be)\s+(?:off|out)\b",
    r"\binconvenient\b",
    r"\bproblematic\b",
    r"\bnope\b",
    r"\bnor\b",
    r"\bworse\b",
    r"\bon\s+(?:holiday|vacation|leave)\b",
    r"\btravel(?:l)?ing\b",
    r"\bsick\b",
    r"\bdoesn'?t\b",
    r"不",
    r"没",
    r"无法",
    r"有事",
    r"有课",  # "周四上午我有课": a class then, a no
    r"冲突",
    r"忙",
    r"难",
    r"出差",
    r"请假",
)

# Clauses that make a statement conditional or uncertain: the engine stays silent.
HEDGES = (
    r"\bif\b",
    r"\bunless\b",
    r"\bmaybe\b",
    r"\bperhaps\b",
    r"\bmight\b",
    r"\bprobably\b",
    r"\bpossibly\b",
    r"\bnot\s+sure\b",
    r"\bunsure\b",
    r"\btentative(?:ly)?\b",
    r"\bhopefully\b",
    r"\bdepends\b",
    r"\bcheck\s+(?:with|my)\b",
    r"\bget\s+back\s+to\s+you\b",
    r"\blet\s+you\s+know\b",
    r"\bconfirm\s+later\b",
    r"\bnot\s+certain\b",
    # "should be fine", "ought to be ok" are a yes (the owner's decision: people who write
    # them mean one); "should be able to", "ought to be able to" still wait on something.
    r"\b(?:should|ought\s+to)\s+be\s+able\b",
    # Said beside a yes, these leave it open: "Tuesday works, we'll see", "no promises".
    r"\b(?:we'?ll|we\s+will|let'?s)\s+see\b|\bfingers\s+crossed\b|\bno\s+promises\b"
    r"|\b(?:touch|knock\s+on)\s+wood\b",
    # "Tuesday works as long as it's short": a condition, however it is worded.
    r"\b(?:as|so)\s+long\s+as\b|\bprovided\s+(?:that\b|it|we|i|the)|\bproviding\b"
    r"|\bassuming\b|\bon\s+condition\b",
    r"\b\d{1,2}\s*%",
    # "I'll be in the office 2 days": where they will be, not an answer.
    r"\b(?:i'?ll|i\s+will|i'?m|i\s+am)\s+(?:be\s+)?(?:in|at|on)\s+the\b",
    # 我在3楼 ("I'm on the 3rd floor"): where they are, not a vote for the place.
    r"我(?:会|将)?在",
    r"\bdepending\b",
    # A range of days ("off from Tuesday", "until Thursday"): the rules do not expand it.
    r"\b(?:from|after|until|till|before|through)\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b",
    r"不是不",
    r"并非不",
    # "not unavailable", "not impossible": a double negative is asked about, not guessed.
    r"\bnot\s+(?:un|in|im)[a-z]{4,}",
    # "B is not tricky", "isn't that awkward": a no word turned round, as above.
    r"(?:\bnot|n't)\s+(?:(?:that|so|very|too|all\s+that)\s+)?(?:tough|difficult|tricky|awkward"
    r"|terrible|problematic|busy|booked|blocked)\b",
    r"(?:\bnot|n't)\s+(?:\w+\s+)?too\s+(?:early|late)\b",
    # "C doesn't clash with my schedule", "no conflict on Thursday": a no word turned round.
    r"(?:\bnot|n't|\bno|\bnever)\s+(?:\w+\s+)?(?:clash|conflict|overlap|collide)[a-z]*\b",
    # "Tuesday would have been fine": a counterfactual, most often a no; asked about.
    r"\bwould(?:\s+have|'ve)\s+(?:been|worked|suited)\b",
    r"如果",
    r"除非",
    r"要是",
    r"假如",
    r"可能",
    r"也许",
    r"不确定",
    r"不一定",
    r"大概",
    r"再确认",
    r"再说",
    r"看情况",
    r"待定",
    r"或许",
)

# Says the earlier answer was a mistake ("sorry, I meant", 看错了): it is dropped, never
# kept beside what follows, even when what follows says "too".
MISTAKES = (
    r"\bscratch\s+that\b",
    r"\bcorrection\b",
    r"\bi\s+meant\b",
    r"\bmy\s+bad\b",
    r"\bmisread\b",
    r"\bforget\s+(?:that|what\s+i\s+said)\b",
    r"不对",
    r"更正",
    r"刚才说错了?",
    r"(?:看|说|写|搞|弄|打|选|填)错了?",
)

# Marks a change of mind: what follows the last marker replaces what it restates.
CHANGE_OF_MIND = MISTAKES + (
    r"\bactually\b",
    r"\bon\s+second\s+thought\b",
    r"\bmake\s+that\b",
    r"\bwait\b",
    r"\bi\s+mean\b",
    r"\binstead\s+of\s+what\s+i\s+said\b",
    r"\bchange\s+(?:my\s+(?:answer|vote|mind)|that)\b",
    r"\bchanged\s+my\s+mind\b",
    r"改成",
    r"改为",
    r"算了",
    r"我的意思是",
    r"我改",
    r"改一下",
)

# Negations read in replies only (requests read NEGATION as it is): away from the office.
REPLY_NEGATION = (
    r"\bout\s+of\s+the\s+office\b",
    r"\booo\b",
    # "Declining Wednesday; the rest are fine": a no to the option it names.
    r"\bdeclin(?:e|es|ed|ing)\b",
)

# Read in replies only (requests read CHANGE_OF_MIND as it is): more ways to say the
# answer before was a mistake ("B, typo, meant C"), and more marks of a change of mind.
REPLY_MISTAKES = (
    # "Correction to my email from this morning:", "correction to my last reply": what
    # follows replaces the answer that mail gave.
    r"\bcorrection\s+to\s+my\s+(?:(?:last|earlier|previous|first)\s+)?(?:reply|mail|email|e-mail"
    r"|message|answer)(?:\s+(?:from|of)\s+(?:this\s+morning|yesterday|earlier(?:\s+today)?|today"
    r"|last\s+(?:night|week)|(?:mon|tues|wednes|thurs|fri)day))?\b",
    r"\bwrong\s+(?:one|option|letter|label|day)\b",
    r"\b(?:let\s+me\s+)?correct(?:ing)?\s+(?:that|myself|my\s+(?:answer|reply|vote))\b",
    r"\bmeant(?:\s+to\s+(?:say|write|type|put))?\b",
    r"\btypo\b",
    # "Tuesday at the café. Sorry, autocorrect! Tuesday at the office.": the phone's typo.
    r"\bauto-?(?:correct(?:ed|ion)?|complete(?:d)?|fill(?:ed)?)\b",
    r"\b(?:ignore|disregard|scratch)\s+(?:that|this|(?:my|the)\s+(?:earlier|previous|last|first|other)"
    r"\s+(?:reply|mail|email|e-mail|message|answer))\b",
    r"\bmixed\s+up\b|\bmix-?up\b",
    # 选A。哦不，选C: "oh no" before a new answer; "C也可以" after it is asked about.
    r"(?:^|(?<=[。，,.!！\s]))(?:哦|噢|啊|呃)不(?=[，,、\s]|$)",
    r"\b(?:wh)?oops\b",
    r"\bstrike\s+that\b",
    r"\b(?:i\s+)?take\s+(?:that|it)\s+back\b",
    # "A，错了，是C": 错了 on its own ("wrong"), not 我搞错了 (read above) or 没错 ("right").
    r"(?:^|(?<=[，,。.!！\s]))错了(?=[，,。.!！\s]|$)",
)
REPLY_CHANGES = (
    # "A, or rather C": the second replaces the first ("rather than" is read apart).
    r"\bor\s+rather\b",
    # "A. Sorry, C.", a second look at the calendar: see lexicon_second_looks.
    SORRY_CHANGE,
    *SECOND_LOOKS,
    r"\bhang\s+on\b",
    # "Monday 1pm works... hmm, no, I have a standup then.", "D please. Ugh no, C.": a sound
    # of doubt and a bare "no" take back what was just said; "hmm, no idea" and "oh no
    # worries" go on (the "no" must end its clause).
    r"(?:^|(?<=[\s.,;:!…—–-]))(?:hmm+|ugh+|u+m+|u+h+|erm?|argh+|oh+|ah+|no+)[\s,.…—–-]*"
    r"(?:no+|nah|nope)(?=\s*(?:[,.!…—–;:-]|$))",
    r"\bhold\s+on\b(?!\s+(?:to|for)\b)",
    r"\bon\s+second\s+thoughts\b",
    # "C works. Edit: both C and A": what follows the edit replaces the answer.
    r"(?:^|\n)\W*(?:edit(?:ed)?|update)(?:\s+\d{1,2}[:.]\d{2})?\s*:",
    r"\bnever\s*mind\b",
    r"\blet\s+me\s+rephrase\b",
    r"\bchange\s+(?:it\s+)?to\b",
    r"\bchange\s+of\s+plans?\b",
    r"\b(?:switch|move|change)\s+(?:me|my\s+(?:answer|vote|reply))\s+to\b",
    r"等一下",
    # "B吧。嗯……还是A吧": "A after all" opens its own sentence; "A还是B？" asks instead.
    r"(?:^|(?<=[。！!.，,…\s]))(?:(?:嗯+|呃+|额+|啊+|哦+|唔+|想了想|想想|我觉得|我看)[。，,…~\s]*)*"
    r"还是(?=[^？?。\n]{1,20}吧)",
)

EXCEPT = (r"\bexcept(?:\s+for)?\b", r"\bapart\s+from\b", r"\bother\s+than\b", r"除了")
