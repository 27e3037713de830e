"""A member changes their own settings by mail, in English and in Chinese; nobody else can."""

from hubs.models import Member

from .meeting_kit import to

REQUEST = "A meeting with Bob next week, Tuesday or Wednesday morning, on Zoom."


def settings_of(address: str) -> Member:
    return Member.objects.get(email=address)


def test_a_member_sets_zone_name_language_and_preferences_in_english(team, chat):
    [answer] = chat.write(
        "bob@example.com", "my time zone is Asia/Tokyo\ncall me Bobby", subject="settings"
    )
    assert answer.to == ["bob@example.com"]
    assert answer.subject == "Your settings at Team"
    assert "Your time zone is now Asia/Tokyo (it is " in answer.body
    assert " JST there now)" in answer.body
    assert "I'll call you Bobby." in answer.body
    bob = settings_of("bob@example.com")
    assert (bob.time_zone, bob.name) == ("Asia/Tokyo", "Bobby")

    # From now on Bob reads his times in Tokyo, under his new name.
    [status] = chat.write("bob@example.com", "status", subject="status")
    assert status.body.startswith("Hello Bobby,")
    assert "Times are in your time zone, Asia/Tokyo." in status.body

    [prefs] = chat.write(
        "bob@example.com",
        "preferences: weekdays 9-12, no Fridays, places: Zoom / the office",
        subject="prefs",
    )
    assert "good times mon-fri 09:00-12:00; not at fri (all day); places Zoom, the office" in (
        prefs.body
    )
    bob = settings_of("bob@example.com")
    assert bob.preferred_times == [
        {"days": ["mon", "tue", "wed", "thu", "fri"], "start": "09:00", "end": "12:00"}
    ]
    assert bob.blocked_times == [{"days": ["fri"], "start": "00:00", "end": "24:00"}]
    assert bob.preferred_locations == ["Zoom", "the office"]

    [language] = chat.write("bob@example.com", "my language is Chinese", subject="language")
    assert "I'll write to you in Chinese (简体中文)." in language.body
    assert settings_of("bob@example.com").language == "zh-hans"


def test_a_member_sets_zone_and_language_in_chinese(team, chat):
    [answer] = chat.write("carol@example.com", "我的时区是上海\n我的语言是中文", subject="设置")
    assert answer.to == ["carol@example.com"]
    assert "你的时区已设为 Asia/Shanghai（那里现在是 " in answer.body
    assert "以后我会用中文给你写信。" in answer.body
    carol = settings_of("carol@example.com")
    assert (carol.time_zone, carol.language) == ("Asia/Shanghai", "zh-hans")

    [prefs] = chat.write("carol@example.com", "偏好：工作日9-12点，周五不行", subject="偏好")
    assert "合适的时间 mon-fri 09:00-12:00" in prefs.body
    assert "不行的时间 fri（全天）" in prefs.body
    assert settings_of("carol@example.com").blocked_times == [
        {"days": ["fri"], "start": "00:00", "end": "24:00"}
    ]


def test_what_cannot_be_read_is_said_and_changes_nothing(team, chat):
    [answer] = chat.write("bob@example.com", "my time zone is Shangai", subject="zone")
    assert 'I don\'t know the time zone "Shangai".' in answer.body
    assert settings_of("bob@example.com").time_zone == "Europe/London"

    [answer] = chat.write("bob@example.com", "preferences: weekdays 9 to noon", subject="prefs")
    assert "I could not read your preferences:" in answer.body
    assert settings_of("bob@example.com").preferred_times == []


def test_a_strict_hub_changes_settings_only_on_proof_that_the_member_wrote(team, chat):
    # A forged From line, with no verdict from a trusted server: nothing changes, and the
    # real Bob hears it at his own address (never the forger).
    team.hub.sender_policy = "strict"
    team.hub.save()
    sent = chat.write("bob@example.com", "my time zone is Asia/Tokyo", authenticated=False)
    [notice] = sent
    assert notice.to == ["bob@example.com"]
    assert "I could not verify that you sent it, so nothing changed" in notice.body
    assert settings_of("bob@example.com").time_zone == "Europe/London"


def test_a_standard_hub_takes_the_members_word_and_answers_at_their_own_address(team, chat):
    # No trusted server vouches for the mail (most small hubs): the member's own settings
    # change, and the answer goes to the member's address, where a forgery would be seen.
    sent = chat.write("bob@example.com", "my time zone is Asia/Tokyo", authenticated=False)
    [notice] = sent
    assert notice.to == ["bob@example.com"]
    assert "Asia/Tokyo" in notice.body
    assert settings_of("bob@example.com").time_zone == "Asia/Tokyo"


def test_a_reply_in_a_meeting_thread_is_never_a_settings_command(team, chat):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget talk")
    sent = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", "my time zone is Asia/Tokyo"
    )
    assert all("Your settings" not in m.subject for m in sent)
    assert settings_of("bob@example.com").time_zone == "Europe/London"


def test_the_welcome_asks_for_the_zone_or_takes_the_city_the_newcomer_names(team, chat):
    from hubs.models import InviteCode

    InviteCode.objects.create(hub=team.hub, code="join-2026", max_uses=5)
    [welcome] = chat.write(
        "Gina <gina@guest.example>", "Hello! I live in Tokyo.", subject="[AIMP-INVITE:join-2026]"
    )
    assert welcome.body.startswith("Hello Gina,")
    assert "Times are shown in your time zone, Asia/Tokyo." in welcome.body
    assert "Europe/Berlin" not in welcome.body
    assert settings_of("gina@guest.example").time_zone == "Asia/Tokyo"

    [welcome] = chat.write("hal@guest.example", "Hello!", subject="[AIMP-INVITE:join-2026]")
    assert "Which time zone are you in?" in welcome.body
    assert settings_of("hal@guest.example").time_zone == ""


def test_status_lists_open_and_coming_meetings_in_words(team, chat):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget talk")
    [status] = chat.write("bob@example.com", "status", subject="status")
    assert "Budget talk (asked by Alice): waiting for answers" in status.body
    assert "not answered yet: Alice and Bob Brown" in status.body
    assert "[m-" not in status.body and "negotiating" not in status.body
    assert "Nothing confirmed is coming up." in status.body
    assert "Times are in your time zone, Europe/London." in status.body

    chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    [status] = chat.write("bob@example.com", "status", subject="status")
    assert "You have no open meetings." in status.body
    coming = status.body.split("Coming up:")[1]
    assert "(Europe/London), Zoom" in coming
