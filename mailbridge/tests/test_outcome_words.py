"""What the admin says happened to a message (pure)."""

from mailbridge.outcome_words import inbound_outcome, outbound_outcome


def test_a_handled_reply_is_not_called_an_error():
    words = inbound_outcome(
        status="done",
        kind="thread_reply",
        note="reply token; sender: mx.aimp.test: dkim=pass for example.com",
        attempts=1,
        next_attempt="",
    )
    assert words.startswith("Handled as a reply in a meeting's thread.")
    assert "matched to its thread by the reply token" in words.lower()
    assert "error" not in words.lower()


def test_failed_ignored_and_waiting_rows_in_words():
    failed = inbound_outcome(
        status="failed", kind="", note="ValueError: boom", attempts=6, next_attempt=""
    )
    assert failed == "Failed after 6 attempt(s): ValueError: boom."
    ignored = inbound_outcome(
        status="ignored", kind="auto_generated", note="Auto-Submitted", attempts=1, next_attempt=""
    )
    assert ignored.startswith("Recorded and not answered (an automatic mail")
    assert inbound_outcome(status="received", kind="", note="", attempts=0, next_attempt="") == (
        "Received; waiting to be processed."
    )
    assert outbound_outcome(status="sent", attempts=1, error="", sent_at="today") == "Sent today."
    assert "after 3 attempt(s): 554" in outbound_outcome(
        status="failed", attempts=3, error="554", sent_at=""
    )
