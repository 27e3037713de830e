"""Every mail in its reader's language: Chen writes Chinese, Gina (a guest) English.

One meeting, two languages: each participant gets the invitation, the echo and the
confirmation with invite.ics in their own language, with dates written for it; the
option labels are the same everywhere, so "A 1" works in both. A member who says
"my language is Chinese" gets Chinese from the next mail on.
"""

import re

from hubs.models import Member
from negotiation.models import Meeting

from .meeting_kit import ics_of, meeting_of, only_event, option_line, to

CHEN, GINA, BOB = "chen@example.com", "gina@guest.example", "bob@example.com"


def test_a_chinese_member_and_an_english_guest_each_read_their_own_language(team, chat):
    Member.objects.create(hub=team.hub, email=CHEN, name="Chen", time_zone="Asia/Shanghai")

    invitations = chat.write(
        CHEN, f"下周二或周三下午和 {GINA} 开会，讨论预算，Zoom。", subject="预算讨论"
    )
    chen_mail, gina_mail = to(invitations, CHEN), to(invitations, GINA)
    meeting = meeting_of(chen_mail)
    assert meeting.status == Meeting.Status.NEGOTIATING
    # The subject is the protocol's, with the organiser's own words, in every language.
    assert chen_mail.subject == gina_mail.subject == f"[AIMP:{meeting.session_id}] {meeting.topic}"
    assert meeting.topic.startswith("预算")

    # Chen reads Chinese: the greeting, the question and the dates (CLDR's zh, his zone).
    assert chen_mail.body.startswith("Chen，你好：")
    assert "以下哪些适合你？可以选多个。" in chen_mail.body
    assert "时间（按 Asia/Shanghai 显示）：" in chen_mail.body
    assert re.fullmatch(
        r"20\d\d年\d{1,2}月\d{1,2}日周[一二三四五六日] \d\d:\d\d–\d\d:\d\d（中国标准时间，Asia/Shanghai）",
        option_line(chen_mail.body, "A"),
    )
    assert "Hello" not in chen_mail.body and "minutes" not in chen_mail.body

    # Gina, a guest the hub has never heard from, reads the hub's language (English),
    # in the organiser's zone until she names hers: the zone as English readers name it.
    assert gina_mail.body.startswith("Hello gina@guest.example,")
    assert "Which of these suit you? Several are fine." in gina_mail.body
    assert re.fullmatch(
        r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3,4} 20\d\d, \d\d:\d\d-\d\d:\d\d CST "
        r"\(Asia/Shanghai\)",
        option_line(gina_mail.body, "A"),
    )
    assert "你好" not in gina_mail.body

    # Gina answers in words: her echo is English; the labels are the same letters.
    [echo] = chat.reply(gina_mail, GINA, "Option A works for me, and Zoom is fine with me.")
    assert echo.to == [GINA]
    assert "I read:" in echo.body and "time A — " in echo.body

    # Chen answers with the labels alone: "A 1" is too short to say a language, so he
    # stays Chinese; the confirmation reaches each in their language, with invite.ics.
    confirmations = chat.reply(chen_mail, CHEN, "A 1")
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    chen_confirm, gina_confirm = to(confirmations, CHEN), to(confirmations, GINA)
    assert f"已确定：{meeting.topic}" in chen_confirm.body and "日历邀请见附件" in chen_confirm.body
    assert "时间：" in chen_confirm.body and "中国标准时间" in chen_confirm.body
    assert f"Confirmed: {meeting.topic}" in gina_confirm.body and "When:  " in gina_confirm.body
    chen_event, gina_event = only_event(ics_of(chen_confirm)), only_event(ics_of(gina_confirm))
    # SUMMARY is the organiser's words; DESCRIPTION is the hub's, in the reader's language.
    assert str(chen_event["SUMMARY"]) == str(gina_event["SUMMARY"]) == meeting.topic
    assert str(chen_event["DESCRIPTION"]).startswith("由 Team 安排。编号：")
    assert str(gina_event["DESCRIPTION"]).startswith("Scheduled by Team. Reference: ")
    assert chen_event["UID"] == gina_event["UID"]


def test_a_guest_who_writes_chinese_gets_chinese_and_a_short_reply_changes_nothing(team, chat):
    invitations = chat.write(
        "alice@example.com",
        f"Meeting about the budget with {GINA} next week, Tuesday or Wednesday afternoon.",
        subject="Budget",
    )
    gina_mail = to(invitations, GINA)
    assert gina_mail.body.startswith("Hello gina@guest.example,")

    # 「周三可以」 is clearly Chinese: the answer to it is Chinese.
    answer = to(chat.reply(gina_mail, GINA, "周三下午可以，不过我想先看看日程。"), GINA)
    assert answer.body.startswith("gina@guest.example，你好：")
    # "B" alone says no language: the last one she wrote in holds.
    again = to(chat.reply(gina_mail, GINA, "B?"), GINA)
    assert "你好" in again.body and "Hello" not in again.body


def test_my_language_is_chinese_switches_the_next_mails(team, chat):
    [answer] = chat.write(BOB, "my language is Chinese", subject="language")
    assert "I'll write to you in Chinese (简体中文)." in answer.body

    [status] = chat.write(BOB, "status", subject="status")
    assert status.body.startswith("Bob Brown，你好：")
    assert "你没有进行中的会议。" in status.body
    assert status.subject == "你在 Team 的会议"

    invitations = chat.write(
        "alice@example.com",
        "Meeting with Bob next week, Tuesday or Wednesday afternoon.",
        subject="Budget",
    )
    assert re.search(r"Alice 想和你开会：Budget.*（60 分钟）。", to(invitations, BOB).body)
    assert "would like to meet" not in to(invitations, BOB).body
    assert "You asked to meet with Bob Brown" in to(invitations, "alice@example.com").body
