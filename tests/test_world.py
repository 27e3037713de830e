"""The shared fake model starts every test as new, whatever the test before it set."""

from tests.llm_fake.server import Behaviour


def test_a_default_set_by_one_test_is_gone_for_the_next(fake_llm_server, fake_llm):
    # The reliability suite sets `default` to garbage; the next test sharing the
    # session's server must not get it (it did once: a request asked the model twice).
    fake_llm.default = Behaviour(content="{not json")
    fake_llm_server.reset()
    assert fake_llm_server.default == Behaviour()
