"""Words that may tie a sentence to the meeting: a sentence with none of them is an aside.

An aside ("sorry for the slow reply", "Bob has the numbers anyway", "the printer died
again") is about something else, so the rules may read the rest of the reply without
it. Any of these words keeps the sentence in play, and a word the rules cannot place
then makes the reply unclear as before. The list errs on the side of blocking.
"""

# Matched on the lower-cased clause as whole words (regex alternatives).
MEETING_WORDS = (
    # Time: days, parts of day, clock, relative time, months.
    r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*",
    r"days?|daily|weeks?|week'?s|weekends?|months?|mornings?|afternoons?|evenings?|nights?",
    r"noon|midday|tonight|today|tomorrow|tmrw|tmr|yesterday|times?|slots?|hours?|hrs?",
    r"minutes?|mins?|dates?|early|earlier|earliest|late|later|latest|soon|sooner|before|after",
    r"until|till|til|since|next|previous|o'?clock|am|pm|half|quarter|calendar|diary|schedule[ds]?",
    r"january|february|march|april|may|june|july|august|september|october|november|december",
    r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|holidays?|vacation|leave|trip|travel[a-z]*",
    # Which option: numbers, ordinals, quantities, references.
    r"one|ones|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|both|either|neither",
    r"each|every|all|any|none|nothing|everything|anything|whichever|whatever|first|second",
    r"third|fourth|last|middle|other|others|another|rest|same|different|these|those|them",
    r"options?|choices?|proposals?|suggestions?|alternatives?",
    # Places and ways to meet.
    r"places?|locations?|venues?|rooms?|office|offices|cafe|café|coffee|restaurant|online",
    r"remote(?:ly)?|person|virtual(?:ly)?|video|calls?|dial[a-z-]*|phone|there|here|come|coming",
    r"away|abroad|home|wfh|site|onsite|links?|address|building|floor|street",
    # Taking part, choosing, moving: a vote without a label.
    r"make|join[a-z]*|attend[a-z]*|skip[a-z]*|pass|miss|out|off|busy|booked|blocked|clash[a-z]*",
    r"conflicts?|taken|full|cancel[a-z]*|postpone[a-z]*|reschedul[a-z]*|move[ds]?|shift|push",
    # Who else comes: "I'll bring a +1" (spelt "plusone guest"), "my colleague joins".
    r"guests?|plusone|colleagues?",
    r"delay[a-z]*|declin[a-z]*|accept[a-z]*|count|put|sign|include|exclude|invite[ds]?|book",
    r"pencil|confirm[a-z]*|vote[ds]?|choose|chose|pick[a-z]*|go|going|take|prefer[a-z]*|rather",
    r"want[a-z]*|need[a-z]*|like|love|hate|dislike|mind|care|matters?|suits?|works?|fine",
    # Hedges, conditions, changes of mind, questions.
    r"if|unless|maybe|might|may|perhaps|probably|possibly|could|would|should|depend[a-z]*",
    r"hope|hopefully|try|think|guess|suppose|assume|check|sure|tentative[a-z]*|instead",
    r"actually|wait|scratch|ignore|mean|meant|correction|typo|oops|said|change[ds]?|update[ds]?",
    r"forget|disregard|edit|earlier|still|again|either",
)
# Chinese characters that may tie a clause to the meeting (days, times, places, verdicts).
MEETING_CHARS = (
    "周星期礼拜天日号月点时分午晚早今明后昨前这那下上个次地楼室会线在去来参加到不没别行可"
    "好能要想改换都全所任何哪第一二三四五六七八九十两半刻吗呢出差假休外"
)
