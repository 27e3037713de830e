"""The translation catalogues: complete, consistent with English, and compiled from scratch."""

import gettext
import re
import shutil

from babel.messages.pofile import read_po
from django.utils import translation

from aimp_site.catalogues import LOCALE_DIR, catalogues_compile, catalogues_stale

PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{(\w+)\}")


def catalogue(language: str):
    with (LOCALE_DIR / language / "LC_MESSAGES" / "django.po").open("rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def messages(language: str) -> dict:
    return {m.id: m for m in catalogue(language) if m.id}


def test_the_chinese_catalogue_translates_every_message_and_nothing_is_fuzzy():
    chinese = messages("zh_Hans")
    assert len(chinese) > 150
    untranslated = [
        m.id
        for m in chinese.values()
        if not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    fuzzy = [m.id for m in chinese.values() if m.fuzzy]
    assert untranslated == [] and fuzzy == []


def test_every_language_has_the_same_messages_as_english():
    english = set(messages("en"))
    for po in LOCALE_DIR.glob("*/LC_MESSAGES/django.po"):
        assert set(messages(po.parent.parent.name)) == english, po


def test_translations_keep_the_placeholders_of_the_english():
    mismatched = []
    for po in LOCALE_DIR.glob("*/LC_MESSAGES/django.po"):
        for message in messages(po.parent.parent.name).values():
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            wanted = placeholders(ids[-1])
            for string in strings:
                if string and placeholders(string) != wanted:
                    mismatched.append((po.parent.parent.name, ids[0], string))
    assert mismatched == []


def test_the_catalogues_compile_from_scratch_with_babel(tmp_path):
    shutil.copytree(LOCALE_DIR, tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    locale = tmp_path / "locale"
    assert len(catalogues_stale(locale)) == 2
    written = catalogues_compile(locale)
    assert sorted(p.parent.parent.name for p in written) == ["en", "zh_Hans"]
    assert catalogues_stale(locale) == [] and catalogues_compile(locale) == []
    with (locale / "zh_Hans" / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    assert compiled.gettext("Places:") == "地点："
    assert (
        compiled.ngettext(
            "OK, I will wait another %(hours)s hour.", "OK, I will wait another %(hours)s hours.", 5
        )
        == "好的，我再等 %(hours)s 小时。"
    )


def test_a_message_missing_from_a_catalogue_falls_back_to_english():
    with translation.override("zh-hans"):
        assert translation.gettext("Places:") == "地点："
        assert translation.gettext("A sentence no catalogue has.") == "A sentence no catalogue has."
    with translation.override("fr"):
        assert translation.gettext("Places:") == "Places:"
