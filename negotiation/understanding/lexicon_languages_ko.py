"""Korean phrases a short reply to an invitation uses, in the English the rules read.

Read by rules_languages_ko, in order, on a reply that carries Hangul. Korean hangs its
particles on the word (화요일이나, "Tuesday or"), so the patterns carry no word edges;
a particle is taken with the word it follows. 괜찮습니다 and 좋아요 are yes beside a day,
a clock or an option ("화요일 괜찮습니다") and may be a polite no on their own ("no,
thank you"), so they are read only right after something the rules already read.
"""

# Something already read (a day, a clock time, a label, a place), then optional space.
_AFTER = r"(?<=[A-Za-z0-9)])\s*"
_TOPIC = r"(?:은|는|이|가|도|에|에는|엔|이면|면|으로|로|으로는|로는)?\s*"
_YES = (
    r"(?:괜찮습니다|괜찮아요|괜찮아|괜찮네요|좋습니다|좋아요|좋아|좋네요|가능합니다|가능해요|"
    r"가능|돼요|됩니다|되요|OK|ok|오케이)"
)
_NO = (
    r"(?:안\s*(?:돼요|됩니다|되요|돼|되네요|될\s*것\s*같아요)|어렵습니다|어려워요|어렵겠습니다|"
    r"힘들어요|힘듭니다|불가능합니다|불가합니다|곤란합니다|괜찮지\s*않(?:습니다|아요)|"
    r"못\s*(?:가요|갑니다|해요|합니다))"
)

PHRASES_KO: tuple[tuple[str, str], ...] = (
    (r"안녕하세요[.!]?", " "),
    (r"감사합니다[.!]?|고맙습니다[.!]?", " thanks. "),
    (r"죄송(?:합니다|하지만|해요)|미안(?:합니다|해요)", " sorry, "),
    (r"아쉽게도|유감스럽게도", " unfortunately "),
    (
        r"참석(?:하기|이|을|은)?\s*(?:어렵습니다|어려울\s*것\s*같습니다|어려워요|못\s*합니다|"
        r"못\s*해요|불가능합니다|불가합니다)",
        " I can't attend ",
    ),
    (r"(?:모두|다|전부)\s*" + _NO, " none of the times work "),
    # A question asks, whatever it holds: 화요일도 괜찮을까요? ("is Tuesday ok too?").
    (r"[가-힣]*(?:까요|나요|습니까)\s*[?？]?|[?？]", "? "),
    (_TOPIC + _NO, " doesn't work "),
    (r"(?:세\s*(?:개|시간|번)|셋)\s*(?:다|모두)\s*" + _YES, " all three work "),
    (r"(?:모두|다|전부)\s*" + _YES, " all work "),
    (_AFTER + _TOPIC + _YES, " works "),
    (r"(?:세\s*(?:개|시간|번)|셋)\s*(?:다|모두)", " all three "),
    (r"둘\s*다", " both "),
    (r"모두|전부", " all "),
    (r"언제든(?:지)?", " any time "),
    (r"어디든(?:지)?", " any place "),
    # Places, with the particle that says where (에서, "at") or how (으로, "by").
    (r"(?:온라인|화상\s*회의|화상|비대면)(?:으로|로|에서)?", " online "),
    (r"줌(?:으로|에서)?", " on Zoom "),
    (r"사무실(?:에서|로|으로)?", " in the office "),
    (r"카페(?:에서|로)?", " at the cafe "),
    (r"대면(?:으로)?|직접\s*만나(?:요|서)?", " in person "),
    (r"다음\s*주", " next week "),
    (r"이번\s*주", " this week "),
    (r"오전", " morning "),
    (r"오후", " afternoon "),
    (r"저녁", " evening "),
    (r"(?:저는|나는|저도|제가)\s", " "),
    (r"(?:가급적|되도록|가능하면)", " preferably "),
    (_AFTER + r"(?:이나|나|또는|혹은)(?=\s*[A-Za-z0-9])", " or "),
    (_AFTER + r"(?:와|과|하고|이랑|랑|및)(?=\s*[A-Za-z0-9])", " and "),
    (_AFTER + r"도(?=\s*[A-Za-z0-9])", " and "),
    (_AFTER + r"만", " only "),
    (_AFTER + r"(?:으로|로)?\s*(?:부탁(?:드립니다|합니다|해요)|해\s*주세요)", " please "),
    # What is left between two read words is a particle ("화요일은", "10시에").
    (
        _AFTER + r"(?:은|는|이|가|을|를|에|에서|의|도|으로|로)(?=\s*(?:[A-Za-z0-9.,!?]|$))",
        " ",
    ),
)
