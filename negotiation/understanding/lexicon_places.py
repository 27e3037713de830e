"""Places and meeting platforms a reply or request may name, and online/in-person words."""

# Place kinds a reply may propose or a request may name when no option matches.
PLACE_WORDS = (
    ("zoom", "Zoom"),
    ("microsoft teams", "Microsoft Teams"),
    ("ms teams", "Microsoft Teams"),
    ("teams", "Microsoft Teams"),
    ("google meet", "Google Meet"),
    ("webex", "Webex"),
    ("skype", "Skype"),
    ("jitsi", "Jitsi"),
    ("phone call", "Phone"),
    ("by phone", "Phone"),
    ("over the phone", "Phone"),
    ("腾讯会议", "腾讯会议"),
    ("飞书", "飞书"),
    ("钉钉", "钉钉"),
    ("微信电话", "微信电话"),
    ("the office", "the office"),
    ("our office", "the office"),
    ("my office", "my office"),
    ("the cafe", "the cafe"),
    ("the café", "the café"),
    ("conference room", "conference room"),
    ("meeting room", "meeting room"),
    ("办公室", "办公室"),
    ("会议室", "会议室"),
    ("咖啡厅", "咖啡厅"),
    ("线上", "线上"),
    ("线下", "线下"),
    ("online", "online"),
    ("in person", "in person"),
)

# Everyday places a reply may propose by a common noun ("could we do it at my place",
# "how about the library"): read only inside words that propose (rules_place_nouns).
# The office, rooms and cafés are left out: they are read against the offered places.
PLACE_NOUNS = (
    "place",
    "house",
    "home",
    "flat",
    "apartment",
    "library",
    "park",
    "canteen",
    "cafeteria",
    "lobby",
    "lounge",
    "garden",
    "pub",
    "restaurant",
    "bistro",
    "bakery",
    "studio",
    "lab",
    "hotel",
    "kitchen",
    "terrace",
    "rooftop",
    "campus",
    "coworking space",
    "co-working space",
)

# Kinds of place and the generic words people use for them, English and Chinese:
# "the café" or 咖啡馆 for "Cafe Central", 办公室 for "Office 3F", "Tencent" for 腾讯会议.
# A word names an option only when exactly one option's name is of that kind.
PLACE_KINDS = (
    # "not cafés": the plural names the kind as well (every such place offered).
    (
        "cafe",
        "cafes",
        "cafés",
        "coffee shop",
        "coffee shops",
        "coffee",
        "咖啡馆",
        "咖啡厅",
        "咖啡店",
        "咖啡",
    ),
    ("office", "办公室", "公司"),
    ("meeting room", "conference room", "room", "会议室", "会议厅"),
    ("tencent meeting", "tencent", "voov", "腾讯会议", "腾讯"),
    ("restaurant", "餐厅", "饭店", "餐馆"),
    ("library", "图书馆"),
)

# Kinds that stand in for each other when no offered place is of a word's own kind: the
# office and its meeting rooms are one workplace, so 办公室 names "3楼会议室" and "the
# meeting room" names "Office 3F" when that is the only such place (two are asked about).
KIND_FAMILIES = (("office", "meeting room"),)
# Too loose to name a place of another kind ("book a room", "room for five", 我们公司
# "our company").
FAMILY_EXCLUDED = frozenset(["room", "公司"])

# Video platforms: "online"/"video"/"线上" picks the single option that is one of these.
ONLINE_PLACES = (
    "zoom",
    "teams",
    "google meet",
    "meet.google",
    "webex",
    "skype",
    "jitsi",
    "腾讯会议",
    "飞书",
    "钉钉",
    "online",
    "video",
    "线上",
)
ONLINE_WORDS = (
    r"\bonline\b",
    r"\bvideo(?:\s+call)?\b",
    # "I'm remote that week" says where the writer is: a reason, not a choice of place.
    r"(?<!i'm )(?<!i am )(?<!i'll be )(?<!i will be )\bremote(?:ly)?\b",
    r"\bvirtual(?:ly)?\b",
    r"线上",
    r"在线",
    r"网上",
    r"视频",
    r"远程",
)
IN_PERSON_WORDS = (
    r"\bin\s+person\b",
    r"\bface\s+to\s+face\b",
    r"\bf2f\b",
    r"\bon\s*site\b",
    r"线下",
    r"当面",
    r"面谈",
)
