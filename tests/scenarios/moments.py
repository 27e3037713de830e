"""Moments at which a conversation reads differently (pure: the Makefile prints them).

"next Tuesday" on a Monday is tomorrow or a week later (both are offered), on a Sunday
both readings coincide; in summer New York is on EDT and Berlin's afternoon starts at
12:00 UTC; just after midnight in Berlin it is already Friday there but still Thursday
in UTC; New Year's Eve turns the year; the nights the clocks change repeat or skip an
hour. Tests pin themselves to one by name (the `today` fixture); `make sweep` runs
every scenario at each of them.
"""

MOMENTS = {
    "sunday": "2026-11-22T09:30:00+00:00",
    "monday": "2026-11-23T09:30:00+00:00",
    "tuesday": "2026-11-24T09:30:00+00:00",
    "summer": "2027-06-14T09:30:00+00:00",
    "friday_night": "2026-11-26T23:30:00+00:00",
    "new_year": "2026-12-31T23:30:00+00:00",
    "europe_spring_forward": "2027-03-28T00:30:00+00:00",
    "us_spring_forward": "2027-03-14T06:30:00+00:00",
    "europe_fall_back": "2027-10-31T00:30:00+00:00",
}

if __name__ == "__main__":
    print(*MOMENTS.values())
