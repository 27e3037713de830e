"""Flat with size: the round plan and how rounds become the reported figures."""

from bench.flat import flat_meetings_per_round, flat_order, flat_summary


def rounds(*walls: float, messages: int = 10, cpu: float = 0.05, server=None) -> list[dict]:
    """Rounds of `messages` messages taking the given wall seconds each."""
    return [
        {"messages": messages, "wall": wall, "cpu": cpu, "server_cpu": server} for wall in walls
    ]


def size(walls, *, queries=20.0, confirmed=3, meetings=3, **kwargs) -> dict:
    return {
        "rounds": rounds(*walls, **kwargs),
        "queries_per_message": queries,
        "confirmed": confirmed,
        "meetings": meetings,
        "size": "100 / 10",
        "build_seconds": 1.25,
    }


def test_sizes_take_turns_going_first():
    assert flat_order(4) == [
        ("small", "large"),
        ("large", "small"),
        ("small", "large"),
        ("large", "small"),
    ]


def test_rounds_cover_the_messages_in_whole_meetings():
    assert flat_meetings_per_round(messages=240, rounds=20) == 4
    assert flat_meetings_per_round(messages=250, rounds=20) == 5
    assert flat_meetings_per_round(messages=1, rounds=20) == 1


def test_ratio_is_of_the_medians_so_one_disturbed_round_does_not_move_it():
    result = flat_summary(
        {"small": size([0.1, 0.1, 0.1, 5.0]), "large": size([0.12, 0.12, 0.12, 0.12])}
    )

    assert result["small"]["ms_per_message"] == 10.0
    assert result["large"]["ms_per_message"] == 12.0
    assert round(result["ratio"], 6) == 1.2
    assert result["small"]["rounds_ms_per_message"] == [10.0, 10.0, 10.0, 500.0]
    assert result["round_ratios"] == [1.2, 1.2, 1.2, 0.024]
    assert result["small"]["messages"] == 40
    assert "warning" not in result


def test_cpu_time_is_reported_beside_wall_time():
    result = flat_summary(
        {"small": size([0.2, 0.2], cpu=0.05), "large": size([0.3, 0.3], cpu=0.06)}
    )

    assert result["small"]["cpu_ms_per_message"] == 5.0
    assert round(result["cpu_ratio"], 6) == 1.2
    assert result["cpu"] == "5.0 / 6.0 ms"
    assert "server_cpu" not in result  # SQLite: no server process


def test_server_cpu_appears_when_measured():
    result = flat_summary({"small": size([0.2], server=0.02), "large": size([0.2], server=0.03)})

    assert result["server_cpu"] == "2.0 / 3.0 ms"


def test_queries_are_compared_and_a_difference_is_flagged():
    same = flat_summary({"small": size([0.1]), "large": size([0.1])})
    differ = flat_summary({"small": size([0.1]), "large": size([0.1], queries=21.5)})

    assert same["queries"] == "20 / 20"
    assert differ["queries"] == "20 / 21.5"
    assert "queries per message differ" in differ["warning"]


def test_unconfirmed_meetings_are_flagged():
    result = flat_summary({"small": size([0.1]), "large": size([0.1], confirmed=2)})

    assert result["large"]["confirmed"] == "2/3"
    assert "not every timed meeting confirmed on the large database" in result["warning"]
