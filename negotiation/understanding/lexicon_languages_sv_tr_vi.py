"""Swedish (with Norwegian and Danish), Turkish and Vietnamese reply phrases, in English.

Read by rules_languages_world as lexicon_languages_pl_ru is: each list only on a reply
carrying one of its MARKERS, in order, a phrase that holds another first. Turkish
hangs its endings on the word ("Perşembe'ye", "ofiste"); the days take them here.
Vietnamese says the hour as "9 giờ sáng" (nine, morning): VI_CLOCK, read as "at 9:00".
"""

_DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_NO_SV = r"(?:inte|ikke|ikkje)"

MARKERS_SV = (
    r"m[åa]ndag\w*|tisdag\w*|tirsdag\w*|onsdag\w*|torsdag\w*|fredag\w*|"
    r"funkar|fungerar|fungerer|passar|passer|tyv[äa]rr|dessverre|desv[æa]rre|helst|kontoret|"
    r"g[åa]r\s+(?:bra|fint)"
)

PHRASES_SV: tuple[tuple[str, str], ...] = (
    (r"m[åa]ndag(?:en)?", "monday"),
    (r"tisdag(?:en)?|tirsdag(?:en)?", "tuesday"),
    (r"onsdag(?:en)?", "wednesday"),
    (r"torsdag(?:en)?", "thursday"),
    (r"fredag(?:en)?", "friday"),
    (r"l[öø]rdag(?:en)?", "saturday"),
    (r"s[öø]ndag(?:en)?", "sunday"),
    (
        r"ingen\s+(?:av\s+(?:tiderna|dem|tidene|tiderne)\s+)?(?:funkar|fungerar|passar|"
        r"fungerer|passer)(?:\s+f[öo]r\s+(?:mig|meg))?",
        "none of the times work",
    ),
    (
        r"(?:funkar|fungerar|passar|g[åa]r|fungerer|passer|virker)\s+"
        r"(?:tyv[äa]rr\s+|dessverre\s+|desv[æa]rre\s+)?" + _NO_SV,
        "doesn't work",
    ),
    (r"kan\s+(?:tyv[äa]rr\s+|dessverre\s+|desv[æa]rre\s+)?" + _NO_SV, "I can't"),
    (
        r"(?:alla|alle)\s+tre\s+(?:funkar|fungerar|passar|fungerer|passer|g[åa]r\s+bra)"
        r"(?:\s+f[öo]r\s+(?:mig|meg))?",
        "all three work",
    ),
    (
        r"(?:funkar|fungerar|passar|fungerer|passer|virker)(?:\s+(?:bra|fint|utm[äa]rkt|godt|perfekt))?"
        r"(?:\s+f[öo]r\s+(?:mig|meg))?|g[åa]r\s+(?:bra|fint)",
        "works",
    ),
    (r"(?:alla|alle)\s+tre", "all three"),
    (r"b[åa]da|begge", "both"),
    (r"p[åa]\s+kontoret|p[åa]\s+kontoret", "in the office"),
    (r"kontoret", "the office"),
    (r"p[åa]\s+(?:kaf[ée]et|caf[ée]et|kaffet|fiket)", "at the cafe"),
    (r"digitalt|p[åa]\s+distans|via\s+video", "online"),
    (r"p[åa]\s+plats|fysiskt|fysisk", "in person"),
    (r"helst|gerne", "preferably"),
    (r"f[öo]redrar|foretrekker|foretr[æa]kker", "prefer"),
    (r"(?:p[åa]\s+)?(?:f[öo]rmiddag(?:en)?|formiddag(?:en)?|morgonen)", "morning"),
    (r"(?:p[åa]\s+)?eftermiddag(?:en)?", "afternoon"),
    (r"(?:kl\.?|klockan|klokken|klokka)(?=\s*\d)", "at"),
    (rf"p[åa](?=\s+(?:{_DAY}|zoom|teams|meet|google))", "on"),
    (r"tyv[äa]rr|dessverre|desv[æa]rre", "unfortunately"),
    (r"tack|takk|tak", "thanks"),
    (r"nej|nei", "no"),
    (r"och|og", "and"),
    (r"eller", "or"),
    (r"men", "but"),
    (r"bara|kun", "only"),
)

# Turkish endings on a day: -'ye, -'de, -'yi ("Salı'ya", "Perşembe'de"), with günü.
_TR_END = r"(?:['’]?(?:y?[aeıiuü]|[dt][ae]|n[ıi]n))?(?:\s+g[üu]n[üu])?"

MARKERS_TR = (
    r"pazartesi\w*|sal[ıi](?:['’]\w*|ya|da|y[ıi])?|[çc]ar[şs]amba\w*|per[şs]embe\w*|cuma\w*|"
    r"olur|olmaz|uygun|uyar|m[üu]sait\w*|ofiste|maalesef|tercihen|hi[çc]biri"
)

PHRASES_TR: tuple[tuple[str, str], ...] = (
    (r"pazartesi" + _TR_END, "monday"),
    (r"sal[ıi]" + _TR_END, "tuesday"),
    (r"[çc]ar[şs]amba" + _TR_END, "wednesday"),
    (r"per[şs]embe" + _TR_END, "thursday"),
    (r"cumartesi" + _TR_END, "saturday"),
    (r"cuma" + _TR_END, "friday"),
    (r"pazar" + _TR_END, "sunday"),
    (
        r"hi[çc]biri(?:\s+(?:bana\s+)?(?:uygun\s+de[ğg]il|olmaz|uymuyor|uymaz))?",
        "none of the times work",
    ),
    (r"kat[ıi]lamayaca[ğg][ıi]m|kat[ıi]lamam|kat[ıi]lam[ıi]yorum", "I can't attend"),
    (
        r"(?:bana\s+|benim\s+i[çc]in\s+)?(?:uygun\s+de[ğg]il|olmaz|uymuyor|uymaz)|"
        r"gelemem|gelemiyorum|m[üu]sait\s+de[ğg]ilim",
        "doesn't work",
    ),
    (
        r"(?:hepsi|[üu][çc][üu]\s+de)\s+(?:bana\s+)?(?:uygun|olur|uyar)",
        "all times work",
    ),
    (
        r"(?:bana\s+|benim\s+i[çc]in\s+)?(?:uygun(?:dur)?|uyar|olur)|m[üu]saitim|tamam",
        "works",
    ),
    (r"hepsi|[üu][çc][üu]\s+de", "all"),
    (r"ikisi\s+de", "both"),
    (r"ofiste|ofisde|ofise", "in the office"),
    (r"ofis", "the office"),
    (r"kafede|kafeye", "at the cafe"),
    (r"zoom['’]?(?:da|dan|la|tan)|zoom\s+[üu]zerinden", "on Zoom"),
    (r"online|[çc]evrim\s*i[çc]i|uzaktan", "online"),
    (r"y[üu]z\s+y[üu]ze", "in person"),
    (r"sabah", "morning"),
    (r"[öo][ğg]leden\s+sonra", "afternoon"),
    (r"ak[şs]am", "evening"),
    (r"saat(?=\s*\d)", "at"),
    (r"(?<=\d)['’]?(?:da|de|ta|te)", ""),
    (r"maalesef", "unfortunately"),
    (r"te[şs]ekk[üu]rler|te[şs]ekk[üu]r\s+ederim", "thanks"),
    (r"tercihen", "preferably"),
    (r"evet", "yes"),
    (r"hay[ıi]r", "no"),
    (r"sadece|yaln[ıi]zca", "only"),
    (r"ve", "and"),
    (r"veya|ya\s+da", "or"),
    (r"ama|fakat|ancak", "but"),
)

MARKERS_VI = (
    r"th[ứu]\s+(?:hai|ba|t[ưu]|n[ăa]m|s[áa]u|b[ảa]y)|ch[ủu]\s+nh[ậa]t|gi[ờo]|"
    r"được|đ[ưu]ợc|kh[ôo]ng|r[ảa]nh|tr[ựu]c\s+tuy[ếe]n|v[ăa]n\s+ph[òo]ng"
)

# "9 giờ", "9 giờ 30", "9 giờ rưỡi" (half past), "2 giờ chiều" (afternoon, 14:00).
VI_CLOCK = (
    r"(?<!\w)(\d{1,2})\s*gi[ờo](?:\s*(r[ưu][ỡo]i)|\s*(\d{2})(?:\s*ph[úu]t)?)?"
    r"(?:\s*(?:bu[ổo]i\s+)?(s[áa]ng|chi[ềe]u|t[ốo]i))?(?!\w)"
)

PHRASES_VI: tuple[tuple[str, str], ...] = (
    (r"th[ứu]\s+(?:hai|2)", "monday"),
    (r"th[ứu]\s+(?:ba|3)", "tuesday"),
    (r"th[ứu]\s+(?:t[ưu]|4)", "wednesday"),
    (r"th[ứu]\s+(?:n[ăa]m|5)", "thursday"),
    (r"th[ứu]\s+(?:s[áa]u|6)", "friday"),
    (r"th[ứu]\s+(?:b[ảa]y|7)", "saturday"),
    (r"ch[ủu]\s+nh[ậa]t", "sunday"),
    (r"kh[ôo]ng\s+(?:đ[ưu]ợc|th[ểe]|ti[ệe]n|r[ảa]nh)", "doesn't work"),
    (r"(?:t[ôo]i|m[ìi]nh|em)\s+b[ậa]n", "I'm busy"),
    (r"(?:t[ôo]i|m[ìi]nh|em)\s+r[ảa]nh", "I'm free"),
    (r"đ[ưu]ợc(?:\s+ạ)?|ti[ệe]n|ph[ùu]\s+h[ợo]p", "works"),
    (r"c[ảa]\s+ba", "all three"),
    (r"t[ấa]t\s+c[ảa]", "all"),
    (r"(?:h[ọo]p\s+)?(?:tr[ựu]c\s+tuy[ếe]n|online)", "online"),
    (r"(?:[ởo]|t[ạa]i)\s+v[ăa]n\s+ph[òo]ng", "in the office"),
    (r"v[ăa]n\s+ph[òo]ng", "the office"),
    (r"(?:[ởo]|t[ạa]i)\s+(?:qu[áa]n\s+)?c[àa]\s+ph[êe]", "at the cafe"),
    (r"tr[ựu]c\s+ti[ếe]p", "in person"),
    (r"(?:bu[ổo]i\s+)?s[áa]ng", "morning"),
    (r"(?:bu[ổo]i\s+)?chi[ềe]u", "afternoon"),
    (r"l[úu]c(?=\s+at\s+\d)", ""),
    (rf"v[àa]o(?=\s+{_DAY})", "on"),
    (r"c[ảa]m\s+[ơo]n", "thanks"),
    (r"xin\s+l[ỗo]i", "sorry"),
    (r"v[àa]", "and"),
    (r"ho[ặa]c", "or"),
    (r"nh[ưu]ng", "but"),
    (r"ch[ỉi]", "only"),
)
