"""Japanese phrases a short reply to an invitation uses, in the English the rules read.

Read by rules_languages_ja, in order, on a reply that carries kana. Japanese writes no
spaces, so the patterns carry no word edges; a particle (で, は, が) is taken with the
word it follows. 大丈夫 and いい are yes beside a day or an option ("火曜日で大丈夫です")
and may be a polite no on their own ("大丈夫です" = "no need"), so they are read only
right after something the rules already read (a day, a clock, a label, a place).
ちょっと before a pause ("火曜日はちょっと…") is the usual soft no.
"""

# Something already read (a day, a clock time, a label, a place), then optional space.
_AFTER = r"(?<=[A-Za-z0-9)])\s*"
_DESU = r"(?:です|ですね|でございます)?"

PHRASES_JA: tuple[tuple[str, str], ...] = (
    # Courtesies first: よろしくお願いします closes a mail and is no "please" for an option.
    (r"(?:どうぞ)?よろしくお願い(?:いたし|致し|し)ます[。.!！]?", " "),
    (r"(?:どうも)?ありがとう(?:ございます|ございました)?[。.!！]?", " thanks. "),
    (r"お疲れ(?:様|さま)です[。.!！]?", " "),
    (
        r"申し訳(?:ありません|ございません|ないです)(?:が)?|すみません(?:が)?|すいません(?:が)?",
        " sorry, ",
    ),
    (r"残念(?:ながら|ですが)", " unfortunately "),
    # Declines: 欠席させていただきます ("I will be absent"), 今回は見送ります ("I'll pass").
    (
        r"(?:今回は)?(?:欠席|辞退)(?:させていただきます|させて頂きます|いたします|致します|します)"
        r"|(?:今回は)?見送(?:らせていただきます|らせて頂きます|ります)",
        " I can't attend ",
    ),
    # A question asks, whatever it holds: 火曜日でも大丈夫ですか ("is Tuesday ok too?").
    (r"(?:でしょう|です|ます)か(?:[？?]|(?=[。\s]|$))|か[？?]", "? "),
    # No, before the yes words they hold (大丈夫じゃない holds 大丈夫).
    (
        rf"(?:は|が|で)?(?:大丈夫|OK|ok)(?:じゃ|では)(?:ない|ありません|なかった){_DESU}",
        " doesn't work ",
    ),
    (
        r"(?:は|が|だと)?(?:ちょっと|少し)?(?:難しい|むずかしい|厳しい|きびしい|無理)(?:です)?(?!かも)",
        " doesn't work ",
    ),
    (
        r"(?:は|が)?都合が(?:悪い|悪く|つかない|つきません|合わない|合いません)(?:です)?",
        " doesn't work ",
    ),
    (r"(?:は|に|には)?(?:参加|出席)(?:でき|出来)(?:ません|ない)(?:です)?", " I can't attend "),
    (r"(?:は|が)?(?:だめ|ダメ|駄目)(?:です)?", " doesn't work "),
    (r"(?:は|が)?ちょっと(?:…|・・・|\.\.\.|。。。)+", " doesn't work. "),
    (r"(?:は|に|には)?(?:行けません|いけません|空いていません|空いてません)", " doesn't work "),
    # Yes, only right after something read: 大丈夫 alone may be a polite no.
    (
        _AFTER
        + r"(?:で|は|が|も|なら)?(?:大丈夫|問題(?:ありません|ないです|ない|なし)|OK|ok|オッケー|"
        r"可能|都合が(?:いい|良い)|いけます|行けます|(?:参加|出席)(?:できます|出来ます|可能)|"
        r"空いています|空いてます)" + _DESU,
        " works ",
    ),
    (_AFTER + r"(?:の)?(?:ほう|方)が(?:いい|良い)" + _DESU, " would be better "),
    (_AFTER + r"が(?:いい|良い)" + _DESU, " works "),
    (_AFTER + r"(?:で|を|に)?(?:お願い|希望)(?:いたします|致します|します)", " please "),
    (r"お願い(?:いたします|致します|します)", " please "),
    # "場所は Zoom": the place, then its name.
    (r"場所(?:は|が|も)?", " place, "),
    # Places.
    (r"(?:オンライン|リモート|ウェブ会議|Web会議)(?:で|にて)?", " online "),
    (r"対面(?:で)?", " in person "),
    (r"(?:オフィス|事務所|会社)(?:で|に)?", " in the office "),
    (r"(?:カフェ|喫茶店)(?:で|に)?", " at the cafe "),
    # "オンラインで参加します": how they join, said of the place named just before.
    (_AFTER + r"(?:で|から|にて)?(?:参加|出席)(?:します|いたします|致します)" + _DESU, " "),
    # Quantities.
    (r"両方(?:とも)?|どちらも|どっちも", " both "),
    (r"いつでも", " any time "),
    (r"どこでも", " any place "),
    (r"全部|全て|すべて", " all "),
    # Weeks and parts of the day (the clock is read before these).
    (r"来週", " next week "),
    (r"今週", " this week "),
    (r"午前中|午前|朝", " morning "),
    (r"午後", " afternoon "),
    (r"夕方", " evening "),
    # "火曜日だけ": only that day; "火曜日と木曜日", "火曜日か木曜日": and, or.
    (_AFTER + r"(?:だけ|のみ)", " only "),
    (_AFTER + r"と(?=\s*[A-Za-z0-9])", " and "),
    (_AFTER + r"か(?=\s*[A-Za-z0-9])", " or "),
    (_AFTER + r"も(?=\s*[A-Za-z0-9])", " and "),
    # What is left between two read words is a particle ("水曜日の16時", "Zoomで"); から
    # ("10時から", from ten on) is no particle to drop, so it stays and is asked about.
    (_AFTER + r"(?:です|で|は|の|に|が|を|も)(?=\s*(?:[A-Za-z0-9。、.,!！?？]|$))", " "),
)
