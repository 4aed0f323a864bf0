"""`--lang`, AOS_LANG and the locale choose the language of every command (issue 17 item 1)."""

from __future__ import annotations

from tests.conftest import RunCli


def test_lang_option_translates_help_on_the_root_command(run_cli: RunCli) -> None:
    """`aos --lang hu --help` shows the Hungarian help panels and option help."""
    result = run_cli("--lang", "hu", "--help")
    assert result.exit_code == 0
    assert "Dobások és esélyek" in result.stdout and "Használat:" in result.stdout


def test_lang_option_after_the_command_works_too(run_cli: RunCli) -> None:
    """`--lang` is accepted anywhere, e.g. after the subcommand."""
    result = run_cli("roll", "--help", "--lang", "it")
    assert result.exit_code == 0 and "Uso:" in result.stdout


def test_aos_lang_and_locale_choose_the_language(run_cli: RunCli) -> None:
    """AOS_LANG, else the locale (LANG) picks the language when `--lang` is not given."""
    assert "Kullanım:" in run_cli("--help", env={"AOS_LANG": "tr"}).stdout
    result = run_cli("--help", env={"AOS_LANG": "", "LC_ALL": "", "LANG": "ru_RU.UTF-8"})
    assert "Использование:" in result.stdout


def test_unknown_language_warns_once_and_runs_in_english(run_cli: RunCli) -> None:
    """`--lang de`: one warning line on stderr, then the command in English."""
    result = run_cli("--lang", "de", "roll", "dice", "2D6", "--seed", "1")
    assert result.exit_code == 0
    assert result.stderr.count("\n") == 1 and "using English" in result.stderr
    assert "Usage" not in result.stdout


def test_lang_option_without_a_value_is_a_usage_error(run_cli: RunCli) -> None:
    """`--lang` as the last word: one line naming the languages, exit 2."""
    result = run_cli("roll", "--lang")
    assert result.exit_code == 2 and "hu, it, tr, ru" in result.stderr


def test_english_help_after_a_translated_run_is_english_again(run_cli: RunCli) -> None:
    """In one process, a Hungarian run does not leave Hungarian words in a later English one."""
    run_cli("--lang", "hu", "--help")
    result = run_cli("--lang", "en", "--help")
    assert "Usage:" in result.stdout and "Options" in result.stdout
    assert "Használat" not in result.stdout
