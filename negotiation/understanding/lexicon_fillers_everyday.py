"""Everyday words around an answer, by kind, that never change what a clause says of an option.

Joined into lexicon_fillers.FILLERS. A word belongs here only when no reading of it can
turn a yes into a no, a no into a yes, or an answer into a condition; a word that may
(hedges, limits, absence, other people, self-repairs) stays unknown and is asked about.
"""


def _words(text: str) -> frozenset[str]:
    """Return the words of `text`, split at spaces."""
    return frozenset(text.split())


# Discourse markers: how the writer moves on or frames the answer ("Basically, Tuesday
# works", "Btw, Zoom is fine", "Regarding the venue, ..."). The verdict is in the words
# they introduce. Not here: "actually" (a change of mind), "er"/"um" (a self-repair:
# "the first, er, the second"), "hmm" (doubt), "lol"/"wow" (often irony), "re" ("re-book").
DISCOURSE = _words(
    "anyways anyhow basically frankly truthfully literally incidentally naturally clearly "
    "well btw fyi regarding concerning"
)

# Affect: the writer is pleased, with no say on which option ("Glad to join on Tuesday",
# "Fantastic, Thursday works"); a no beside them is still read ("Delighted, but I'm away").
# "Amazing" is left out: it is the commonest sarcastic one ("amazing planning").
AFFECT = _words(
    "glad pleased delighted thrilled excited keen gladly happily wonderful fantastic terrific "
    "splendid superb fab marvellous marvelous yay hooray"
)

# Regret before a no, as "sorry" and "unfortunately": the no itself is read from its own
# words ("Sadly Tuesday is out"); alone beside an option they add no verdict.
REGRET = _words("sadly regrettably alas")

# Politeness, greetings and thanks ("Thank you for the invitation", "Much appreciated",
# "Dear all"). Not here: "kind" ("kind of works" is a hedge), "warm" ("too warm" says
# something of a café).
POLITENESS = _words(
    "kindly grateful appreciate appreciated welcome regards greetings dear hiya howdy wishes "
    "sincerely invitation invite"
)

# Intensifiers: they make a yes or a no stronger, never turn it ("completely fine",
# "fully booked" is still the no "booked" says). Not here: "pretty", "fairly" (degree,
# a hedge of certainty), "seriously" (irony), "mostly" (a limit).
INTENSIFIERS = _words(
    "super extremely incredibly truly genuinely completely entirely fully utterly "
    "particularly especially simply"
)

# The writer's own preference, which keeps the verdict it sits beside ("Personally I
# prefer Thursday", "I'd opt for Tuesday", "I can manage Wednesday"). Only the present:
# "picked", "chose", "wanted" may speak of an answer since changed.
OWN_PREFERENCE = _words(
    "personally myself favourite favorite fave opt opting choosing picking selecting manage "
    "want preferable preferring"
)

# Other spellings of yes and ok, said by the writer ("Yea, Zoom", "Agreed, Thursday").
AFFIRMATIONS = _words("yea ya yeh aye alrighty agreed okie oki okey")

# Contractions of fillers already known ("you", "here", "it", "that", "we").
CONTRACTIONS = _words("you're you've you'll you'd here's it'll it'd that'll that'd we've")

EVERYDAY_FILLERS = (
    DISCOURSE
    | AFFECT
    | REGRET
    | POLITENESS
    | INTENSIFIERS
    | OWN_PREFERENCE
    | AFFIRMATIONS
    | CONTRACTIONS
)

# "Of course, Tuesday works": agreement as a phrase ("course" alone may be one the writer
# is on); masked before reading, and "of course not" keeps its "not".
EVERYDAY_PLEASANTRIES = (r"\bof\s+course\b",)
