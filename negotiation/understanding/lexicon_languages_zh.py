"""Chinese reply phrases, said in the few Chinese words the rules read.

The rules read Chinese as it is written, with a small vocabulary: 可以, 行, 不行, 没空,
有事, 出差, 请假, 冲突 for a verdict; 线上, 线下, 当面 for how to meet; 都可以, 都不行
for all and none. A reply says the same in many more words: 周一已经约了客户 (booked),
周二我要去医院 (at the hospital), 周四我走不开 (can't get away), 当面聊 (talk in
person), 周四我去公司 (come to the office). Each phrase here is said as the word the
rules know; what it does not cover stays as written and is asked about.

Each entry is (pattern, Chinese), matched in order; a phrase that holds another comes
first. None of them makes a yes out of a no or the other way round.
"""

# What a clause names as the place to meet; a 去 or 到 before one of these is the
# place, never an errand ("我要去3楼会议室" comes to the meeting).
PLACE_WORDS = r"公司|办公室|会议室|楼|现场|线上|线下|腾讯|视频|咖啡|星巴克|这边|那边|会场"

# "我周四要去医院", "周二我得送孩子": the writer's day is taken by an errand. The verb
# after 要/得 says it; 参加 ("要参加", will attend) is never one, nor 去 a place to meet.
ERRAND = (
    r"(?P<who>我们?)?(?:那天|当天)?(?:要|得|需要|必须|还要|已经约好了?要?)"
    r"(?P<verb>去|陪|送|接|带(?:孩子|娃|小孩|家人|队)|见(?:客户|医生|朋友|领导)|开会|上课|"
    r"回(?!复)|飞|考试|体检|看病|值班|培训|搬家|出差|外出)"
    r"(?P<object>[^，,。；;！!？?\s]{0,10})"
)

# Away for the days asked about: 我在外地出差, 下周我在成都出差, 那周都不在北京.
_AWAY = (
    r"(?:(?:下|这|那)周|那几天|这几天)?我?(?:(?:下|这|那)周|那几天|这几天)?(?:人)?(?:都|一直)?"
    r"(?:在外地(?:出差)?|在[\u4e00-\u9fff]{2,4}?出差|出差中?|不在[\u4e00-\u9fff]{2,3}?)了?"
)
_ONLINE = r"(?:线上|远程|视频|在线)(?:参加|开会?)?"
_DAY_ZH = r"(?:周|星期|礼拜)[一二三四五六日天]"

PHRASES_ZH: tuple[tuple[str, str], ...] = (
    # "我在外地出差，只能线上": away, so only online; in person is the no the reason says.
    # Without 只能 ("线上吧，我在外地") the reason only explains the choice, and goes.
    (
        rf"{_AWAY}\s*[，,。]\s*(?:所以|那|因此)?\s*只能{_ONLINE}了?\s*[，,。]?",
        "只能线上，线下不行。",
    ),
    (rf"只能{_ONLINE}了?\s*[，,]\s*(?:因为)?{_AWAY}\s*[，,。]?", "只能线上，线下不行。"),
    (rf"({_ONLINE})(吧|就行|就好)?\s*[，,]\s*(?:因为)?{_AWAY}(?=\s*(?:[，,。！!；;]|$))", r"\1\2"),
    # 上午十点的两个都可以 ("both 10am ones"): the times at that clock, as 上午十点的都 is.
    (r"(?<=[点點半])\s*(?:的|那|这)?\s*(?:两|2)个(?:时间)?\s*(?=都)", "的"),
    # 不要周一、周二 ("not Monday or Tuesday"); 不要周一，周二也不要.
    # Only a whole clause: in "不要周一，周二，周四也不行" where 周二 belongs is unsure.
    (rf"不要\s*({_DAY_ZH})\s*[，,]\s*({_DAY_ZH})也不要(?=\s*(?:[。！!；;]|$))", r"\1、\2不行"),
    (
        rf"不要\s*({_DAY_ZH}(?:\s*[、和跟与]\s*{_DAY_ZH})*)(?=\s*(?:[。！!；;]|$))",
        r"\1不行",
    ),
    # Counts of the whole list: the rules check the count against the invitation's.
    # 前两个, 后两个, 第三个 rank the options instead (rules_ordinals).
    (r"(?<![前后第])(?:这|那)?(?:三|3)个(?:时间段?|时段|选项|日期|时间点)", " all three times "),
    (r"(?<![前后第])(?:这|那)?(?:三|3)个(?=我?都)", " all three times "),
    (r"(?<![前后第])(?:这|那)?(?:四|4)个(?:时间段?|时段|选项|日期|时间点)", " all four times "),
    (r"(?<![前后第])(?:这|那)?(?:两|2)个(?:时间段?|时段|选项|日期|时间点)", " all two times "),
    (r"(?<![前后第])(?:这|那)?(?:两|2)个(?:地点|地方)", " all two places "),
    # A clash with another meeting of the writer's: 跟我别的会冲突, 和另一个会撞了.
    (
        r"(?:跟|和|与)我?(?:的)?(?:另一个|另外一个|另外的|别的|其他的?|其它的?)?"
        r"(?:会议?|安排|日程|行程|事情?)(?:有)?(?:时间)?(?:冲突|撞了|撞车|重了|重叠)了?",
        "冲突",
    ),
    (r"撞(?:了|车了?)", "冲突"),
    # 有个会, 有别的安排, 有一个跟客户的会: a meeting of the writer's own, a no.
    # 有会议室吗 asks for a room, and 有会 ... 吗 asks.
    (
        r"有(?:个|一个|两个|2个|几个)[^，,。；;！!？?\s]{0,8}?(?:会(?!议室)议?|安排|活动|约)"
        r"(?![^，,。；;！!？?\n]*[吗？?])",
        "有事",
    ),
    (
        r"有(?:别的|其他的?|其它的?|另外的?|另一个)?(?:会(?!议室)议?|安排)"
        r"(?![^，,。；;！!？?\n]*[吗？?])了?",
        "有事",
    ),
    (r"有点事|另有安排|(?:已经)?约了(?:人|客户|别人|朋友|医生)", "有事"),
    (r"(?:都)?(?:排满了?|约满了?|占满了?|(?<=[一二三四五六日天午点都])满了)", "没空"),
    (
        r"走不开|抽不开身|脱不开身|抽不出(?:时间|空)?|赶不过来|赶不回来|过不来|来不及|分不开身",
        "没空",
    ),
    # 周一休假: leave on the day named, as 请假. Alone ("我下周休年假") it is asked about.
    (r"((?:周|星期|礼拜)[一二三四五六日天]|号)(我)?休年?假", r"\1\2请假"),
    # "这三个时间我都在外地": away for every time named, a none. Away alone ("我周一在外地")
    # may still mean online, and is asked about.
    (
        r"(all\s+(?:three|four|two)\s+times\s*|这几个时间|这些时间)(?:我|我们)?(?:人)?都"
        r"(?:在外地|不在[\u4e00-\u9fff]{1,4}?)(?:出差)?(?=[，,。！!；;]|$)",
        r"\1都没空",
    ),
    # "周一有事，去不了": the can't-go after a reason is the reason's own clause, a no to
    # the day it names; read apart, it would decline the whole meeting.
    (
        r"(有事|没空|请假|出差|有课|冲突了?|忙)\s*[，,]\s*(?=(?:所以|就|那天|那天就)?(?:去不了|来不了|参加不了))",
        r"\1",
    ),
    # Declines said as leaving the project or the list.
    (
        r"(?<![\u4e00-\u9fff])我(?:已经?)?(?:离职|调岗|调走|转岗)了?|"
        r"(?<![\u4e00-\u9fff])我(?:已经)?不(?:再)?负责(?:这个|该|此)?(?:项目|事情?)了?",
        "不参加了",
    ),
    (r"请?把我(?:从[^，,。；;！!？?\s]{1,8})?(?:移除|删除|删掉|去掉|拿掉|移出)", "不参加"),
    # How to meet.
    (r"当面(?:聊|谈|沟通|交流|说)|见面(?:聊|谈|说)?|面聊|面对面(?:聊|谈)?", "当面"),
    (
        r"(?:我|我们)?(?:可以|会)?(?:去|到|来|回)(?:公司|现场)(?:参加|开会?|见)?(?=[，,。.!！；;\s]|$)|"
        r"现场(?:参加)?",
        "线下",
    ),
    (r"(?:线上|在线|远程|视频)(?:参加|参会|开会?)", "线上"),
    # 我会在3楼会议室: where they will be for the meeting, the place named.
    (r"我(?:会|将)在(?=(?:\d|[一二三四五六七八九十])楼|会议室|办公室)", "我去"),
    (r"在哪(?:里|儿)?都(?=行|可以|好)", "地点都"),
    (r"(?i:offline)", "线下"),
    # Clock words the rules need not read: 三点钟, 十点整.
    (r"(?<=[点點])(?:钟|整)", ""),
    # Little words around an answer.
    (r"^\s*收到了?\s*[，,]\s*", ""),
    (r"(?:还)?能挤(?:得)?出(?:来|时间)", "可以"),
    (r"都\s*(?i:ok|okay|fine)", "都ok"),
    # 别的时间都可以 ("the other times are fine") is the rest, as 其他时间 is.
    (r"别的(?=时间|几个|两个|都|的?也)", "其他"),
)
