"""Words and phrases the rules engine recognises, English and Chinese.

Kept as data so that adding a phrasing is a one-line change with a corpus case.
Every phrase is matched on NFKC-normalised, lower-cased text. The data lives in
sibling modules by purpose: lexicon_stance (all/none/decline, negation, hedges),
lexicon_labels (option labels, item words), lexicon_places, lexicon_email_lines
(greetings, sign-offs, quote headers) and lexicon_fillers.
"""

import re


def compile_all(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One alternation regex from a tuple of patterns."""
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
