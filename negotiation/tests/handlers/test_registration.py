import pytest

from negotiation.handlers.registration import registration_name


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Name: Bob Builder", "Bob Builder"),
        ("Hi!\n\nmy name is Jane Doe.\nThanks", "Jane Doe"),
        ("I'm Jane Doe", "Jane Doe"),
        ("This is Li Wei", "Li Wei"),
        ("我是王小明", "王小明"),
        ("名字：李雷", "李雷"),
        ("I am looking forward to joining!", ""),
        ("I'm happy to be here", ""),
        ("Hello, please add me", ""),
        ("Name: bob@example.com", ""),
        ("Name: see https://evil.example/x", ""),
        ("Name: " + "x" * 100, ""),
        ("", ""),
    ],
)
def test_registration_name_takes_only_explicit_names(body, name):
    assert registration_name(body) == name


def test_registration_name_reads_only_the_first_lines():
    body = "\n".join(["hello"] * 10 + ["Name: Late Name"])
    assert registration_name(body) == ""
