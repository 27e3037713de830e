"""The fit decision behind auto_accept: what fits is accepted, and only a full answer counts."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from negotiation.auto_accept import Choice, judge, place_fits, stored_prefs, time_fits

BERLIN = ZoneInfo("Europe/Berlin")
HOUR = timedelta(hours=1)
MORNINGS = [{"days": ["mon", "tue", "wed", "thu", "fri"], "start": "09:00", "end": "12:00"}]
NO_FRIDAY_LUNCH = [{"days": ["fri"], "start": "12:00", "end": "14:00"}]


def at(day: int, hour: int) -> datetime:
    return datetime(2026, 11, day, hour, tzinfo=BERLIN)  # 23 Nov 2026 is a Monday


def prefs(times=(), blocked=(), places=(), tz="Europe/Berlin"):
    return stored_prefs(
        time_zone=tz, preferred_times=list(times), blocked_times=list(blocked), places=list(places)
    )


def slot(key: int, label: str, start: datetime, sole: bool = False) -> Choice:
    return Choice(key=key, item="time", label=label, start=start, end=start + HOUR, sole=sole)


def place(key: int, label: str, name: str, sole: bool = False) -> Choice:
    return Choice(key=key, item="location", label=label, place=name, sole=sole)


def test_a_time_fits_inside_a_preferred_window_in_the_members_own_zone():
    mornings = prefs(MORNINGS)
    assert time_fits(mornings, at(24, 10), at(24, 11))
    assert not time_fits(mornings, at(24, 11), at(24, 13))  # runs past noon
    assert not time_fits(mornings, at(28, 10), at(28, 11))  # Saturday
    # 10:00 in Berlin is 09:00 in London: still a morning there; 08:00 Berlin is not.
    london = prefs(MORNINGS, tz="Europe/London")
    assert time_fits(london, at(24, 10), at(24, 11))
    assert not time_fits(london, at(24, 9), at(24, 10))


def test_a_blocked_window_wins_and_without_preferred_ones_any_other_time_fits():
    only_blocked = prefs(blocked=NO_FRIDAY_LUNCH)
    assert time_fits(only_blocked, at(27, 9), at(27, 10))
    assert not time_fits(only_blocked, at(27, 13), at(27, 14))
    assert not time_fits(only_blocked, at(27, 11), at(27, 13))  # touches the blocked hour
    both = prefs([{"days": ["fri"], "start": "09:00", "end": "18:00"}], NO_FRIDAY_LUNCH)
    assert time_fits(both, at(27, 15), at(27, 16))
    assert not time_fits(both, at(27, 12), at(27, 13))


def test_a_place_fits_whatever_its_case_and_spacing():
    office = prefs(places=["  The   Office ", 42])
    assert place_fits(office, "the office")
    assert place_fits(office, "THE OFFICE\t")
    assert not place_fits(office, "the office 2")
    assert not place_fits(office, "")


def test_fitting_options_are_accepted_and_the_others_rejected():
    a, b, c = slot(1, "A", at(24, 10)), slot(2, "B", at(24, 15)), slot(3, "C", at(25, 9))
    one, two = place(4, "1", "Office"), place(5, "2", "Zoom")
    verdicts = judge([a, b, c, one, two], prefs(MORNINGS, places=["zoom"]))
    assert verdicts == {a: True, b: False, c: True, one: False, two: True}


def test_no_answer_when_nothing_fits_an_item():
    a, b = slot(1, "A", at(28, 10)), slot(2, "B", at(29, 10))  # the weekend
    assert judge([a, b, place(3, "1", "Zoom")], prefs(MORNINGS, places=["Zoom"])) is None
    assert (
        judge([slot(1, "A", at(24, 10)), place(2, "1", "Office")], prefs(MORNINGS, places=["Zoom"]))
        is None
    )


def test_no_answer_when_the_preferences_say_nothing_about_an_item_with_a_choice():
    choices = [slot(1, "A", at(24, 10)), place(2, "1", "Office"), place(3, "2", "Zoom")]
    assert judge(choices, prefs(MORNINGS)) is None
    assert judge(choices[:1], prefs(places=["Zoom"])) is None
    assert judge(choices, prefs()) is None


def test_an_items_only_option_needs_no_preference_but_is_never_forced_on_a_misfit():
    a = slot(1, "A", at(24, 10))
    zoom = place(2, "1", "Zoom", sole=True)
    assert judge([a, zoom], prefs(MORNINGS)) == {a: True, zoom: True}
    # Said about places, and the only one does not fit: the member decides.
    assert judge([a, zoom], prefs(MORNINGS, places=["Office"])) is None
    # One new option among several of its item (a later round) is not "the only one".
    assert judge([a, place(3, "3", "Zoom")], prefs(MORNINGS)) is None


def test_a_later_round_judges_just_the_new_options():
    d = slot(7, "D", at(26, 10))
    assert judge([d], prefs(MORNINGS)) == {d: True}
    assert judge([d, slot(8, "E", at(26, 16))], prefs(MORNINGS)) == {
        d: True,
        slot(8, "E", at(26, 16)): False,
    }
    assert judge([], prefs(MORNINGS)) is None


def test_junk_in_the_stored_preferences_is_skipped():
    junk = stored_prefs(
        time_zone="Europe/Berlin",
        preferred_times="mornings",
        blocked_times=[{"days": 3}],
        places="Zoom",
    )
    assert junk.preferred == () and junk.blocked == () and junk.places == ()
    assert judge([slot(1, "A", at(24, 10), sole=True), place(2, "1", "Zoom", sole=True)], junk) == {
        slot(1, "A", at(24, 10), sole=True): True,
        place(2, "1", "Zoom", sole=True): True,
    }
