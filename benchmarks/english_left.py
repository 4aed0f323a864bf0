"""How much English is left in `aos demo` and one round of `aos play` per system and language the
seeds give (issue 28 done-when: none outside the names of imported content).

    PYTHONPATH=$PWD python benchmarks/english_left.py [--show] [--only SYSTEM:LANG ...] [--save DIR]

The pairs are the seeds': AoS2 in hu, it, tr and ru; 40k in hu; AoS1 in it and tr; MESBG in ru.
For each system one round of `aos play --seed 3` is first played in English on a
pseudo-terminal with a fixed policy (Enter at every set-up question; in each phase every unit
acts once with its first option and first target, every question answered no or 7), and the
answers typed are kept; they are then typed again, in each language, into the same seeded game
(English answers and menu keys work in every language). The seeded demo (`aos demo --seed 1`)
is run in each language too.

A word is English when the English of the tool (the catalogues' msgids, the bundled content's
own names and texts) has it and nothing the language says (its msgstrs, its translations in
the bundled content) has it. Unit and army names, player names and command models' names are
content names and are left out. Prints, per pair and run, the lines holding English of all
lines, the English words of all words, and (with --show) each English line.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
PAIRS = {
    "aos2": ("hu", "it", "tr", "ru"),
    "wh40k8": ("hu",),
    "aos1": ("it", "tr"),
    "mesbg": ("ru",),
}
"""The systems and the languages their seeds give."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
WORD = re.compile(r"[^\W\d_][^\W\d_'’]+")
BOX = re.compile(r"[│╭╮╰╯─┃┏┓┗┛━┡┩╇┳┻╋┣┫┠┨┼├┤┬┴]")
CONTENT_FOLDERS = ("warscrolls", "battleplans", "aos_cli/rulesets")
NAME_KEYS = ("name", "army", "allegiance", "players", "general")
"""Keys of the bundled armies and warscrolls whose values are content names (units, armies)."""


# --------------------------------------------------------------------------- vocabularies


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def _catalogue(code: str) -> tuple[set[str], set[str]]:
    """The words of the msgids and of the language's msgstrs."""
    from babel.messages.pofile import read_po

    po = ROOT / "aos_cli" / "locale" / code / "LC_MESSAGES" / "aos.po"
    with po.open("rb") as handle:
        catalogue = read_po(handle)
    english: set[str] = set()
    own: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= _words(re.sub(r"\{[^}]*\}|\[/?[a-z ]*\]", " ", text))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            own |= _words(re.sub(r"\{[^}]*\}|\[/?[a-z ]*\]", " ", text or ""))
    return english, own


def _content() -> tuple[set[str], dict[str, set[str]], set[str]]:
    """The words of the bundled content's own texts, of each language's translations, and
    the content names (units, armies, command models) that stay as written."""
    english: set[str] = set()
    translated: dict[str, set[str]] = {}
    names: set[str] = set()

    def walk(node: Any, unit: bool) -> None:
        if isinstance(node, dict):
            is_unit = unit or "wounds" in node or "unit_size" in node or "role" in node
            for key, value in node.items():
                if key == "translations" and isinstance(value, dict):
                    for code, words in value.items():
                        translated.setdefault(code, set()).update(_words(str(words)))
                    continue
                if isinstance(value, str):
                    english.update(_words(value))
                    if key in NAME_KEYS and (is_unit or key != "name"):
                        names.add(value)
                    if key == "id" and is_unit:
                        names.add(f"({value})")
                walk(value, False)
        elif isinstance(node, list):
            for item in node:
                walk(item, unit)

    for folder in CONTENT_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            walk(data, False)
            if path.parent.name == "armies":  # an army list: its name and its units' names
                names.update(_list_names(data))
    return english, translated, names


def _list_names(data: Any) -> set[str]:
    """The names an army list gives: its own, its units' (and their ids)."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("name", "army", "unit", "warscroll", "allegiance") and isinstance(
                value, str
            ):
                found.add(value)
            if key == "id" and isinstance(value, str):
                found.add(f"({value})")
            found |= _list_names(value)
    elif isinstance(data, list):
        for item in data:
            found |= _list_names(item)
    return found


class Judge:
    """Tells the English words of a line of output in one language."""

    def __init__(self, code: str, english: set[str], own: set[str], names: set[str]) -> None:
        self.code = code
        self.english = english - own
        self.names = sorted(names, key=len, reverse=True)

    def english_words(self, line: str) -> tuple[list[str], int]:
        """The English words of `line` (content names taken out first), and its word count."""
        for name in self.names:
            if name in line:
                line = line.replace(name, " ")
        words = WORD.findall(BOX.sub(" ", line))
        return [w for w in words if w.lower() in self.english], len(words)


def judges() -> dict[str, Judge]:
    """A judge per language of the seeds."""
    content_en, translated, names = _content()
    found: dict[str, Judge] = {}
    for code in ("hu", "it", "tr", "ru"):
        ids, own = _catalogue(code)
        english = (ids | content_en) - {"d", "x"}
        found[code] = Judge(code, english, own | translated.get(code, set()), names)
    return found


# --------------------------------------------------------------------------- running


def _env(code: str, home: str) -> dict[str, str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "140", "LINES": "50", "AOS_LANG": code}
    env.update({"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0", "HOME": home})
    env["XDG_DATA_HOME"] = env["XDG_CONFIG_HOME"] = env["XDG_CACHE_HOME"] = home
    return env


class Terminal:
    """A child process on a pseudo-terminal: read up to the next prompt, type a line."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        import pty

        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = ""

    def prompt(self, timeout: float = 60.0) -> str | None:
        """The text since the last answer, up to a prompt ending in ": "; None at exit."""
        deadline = time.monotonic() + timeout
        while True:
            text = ANSI.sub("", self.seen)
            if text.endswith(": ") and not select.select([self.master], [], [], 0.05)[0]:
                return text
            if not select.select([self.master], [], [], max(0.01, deadline - time.monotonic()))[0]:
                if time.monotonic() > deadline:
                    raise TimeoutError(text[-2000:])
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                return None
            self.seen += chunk.decode(errors="replace")

    def type(self, line: str) -> None:
        self.seen = ""
        os.write(self.master, (line + "\n").encode())


ROUND = re.compile(r"(?:Round|Battle round|Turn) (\d+)")


def english_answers(system: str, home: str, limit: int = 400) -> list[str]:
    """Play one round of `aos play --system SYSTEM --seed 3` in English by the policy; the
    answers typed."""
    typed: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "games.sqlite3")
        command = [sys.executable, "-m", "aos_cli", "play", "--system", system, "--seed", "3"]
        term = Terminal([*command, "--dice", "auto", "--db", db], _env("en", home))
        heading, done, last, again, playing = "", Counter[str](), "", 0, False
        in_heading = 0
        while len(typed) < limit and (text := term.prompt()) is not None:
            line = text.rstrip().splitlines()[-1]
            again = again + 1 if line == last else 0
            last = line
            rules = [h.split("   ")[0] for h in re.findall(r"([^\n]+)\n *Clock:", text)]
            if rules and rules[-1] != heading:
                heading, done, in_heading = rules[-1], Counter(), 0
            in_heading += 1
            rounds = [int(n) for n in ROUND.findall(heading)]
            stuck = in_heading > 60
            if (rounds and rounds[-1] > 1) or "priority for battle round 2" in text or stuck:
                typed.append("q")
                break
            answer = _policy(text, line, done, again, playing)
            playing = playing or line.startswith("Choose")
            typed.append(answer)
            term.type(answer)
        term.process.kill()
        term.process.wait()
    return typed


def _policy(text: str, line: str, done: Counter[str], again: int, playing: bool) -> str:
    """The answer to one prompt."""
    options = re.findall(r"\[(\w+)\] ([^\n]+)", text)
    if line.startswith("Choose"):
        numbered = [(k, label.strip()) for k, label in options if k.isdigit()]
        if again > 3:
            return "n"
        if again > 1 and numbered:
            return numbered[-1][0]  # a step the rules wait for (let a spell through ...)
        for key, label in numbered:
            wanted = ": " in label and not label.endswith("pass")
            wanted = wanted or label.startswith(("Unbind", "Take the", "Roll priority"))
            if wanted and done[label] < 2 and len(done) < 12:
                done[label] += 1
                return key
        passing = next((k for k, label in numbered if label.endswith("pass")), None)
        return passing if passing and again else "n"
    if not playing:
        return ["", "1", "y", "7"][min(again, 3)]
    numbered = [k for k, _ in options if k.isdigit()]
    if "[y/n]" in line or "(y/n)" in line:
        yes = "End the" in line or "first turn" in line
        return ["y" if yes else "n", "y", "n", "q"][min(again, 3)]
    if numbered:
        return [numbered[0], "1", "", "q"][min(again, 3)]
    return ["7", "", "1", "q"][min(again, 3)]


def replay(system: str, code: str, answers: list[str], home: str) -> str:
    """The screen of the same seeded round with `answers` typed in language `code`."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "games.sqlite3")
        command = [sys.executable, "-m", "aos_cli", "play", "--system", system, "--seed", "3"]
        done = subprocess.run(
            [*command, "--dice", "auto", "--db", db],
            input="\n".join(answers) + "\n",
            capture_output=True,
            text=True,
            env=_env(code, home),
            timeout=600,
            check=False,
        )
    return done.stdout + done.stderr


def demo(system: str, code: str, home: str) -> str:
    """The screen of the seeded demo of `system` in language `code`."""
    done = subprocess.run(
        [sys.executable, "-m", "aos_cli", "demo", "--seed", "1", "--system", system],
        capture_output=True,
        text=True,
        env=_env(code, home),
        timeout=600,
        check=False,
    )
    return done.stdout + done.stderr


def tally(judge: Judge, screen: str) -> tuple[int, int, int, int, list[str], Counter[str]]:
    """Lines with English, lines, English words, words, the English lines, the words."""
    screen = BOX.sub(" ", screen.replace("\r", ""))
    for name in judge.names:  # a name the terminal wrapped over two lines is still a name
        if " " in name:
            screen = re.sub(r"\s+".join(map(re.escape, name.split())), " ", screen)
    lines = [line for line in screen.splitlines() if WORD.search(line)]
    bad: list[str] = []
    words: Counter[str] = Counter()
    english_total = word_total = 0
    for line in lines:
        found, count = judge.english_words(line)
        word_total += count
        if found:
            english_total += len(found)
            words.update(found)
            bad.append(line)
    return len(bad), len(lines), english_total, word_total, bad, words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="Print each line holding English.")
    parser.add_argument("--only", nargs="*", default=[], help="system:lang pairs, e.g. aos2:hu")
    parser.add_argument("--save", type=Path, help="Write each screen to this folder.")
    args = parser.parse_args()
    judged = judges()
    with tempfile.TemporaryDirectory() as home:
        for system, codes in PAIRS.items():
            wanted = [c for c in codes if not args.only or f"{system}:{c}" in args.only]
            if not wanted:
                continue
            answers = english_answers(system, home)
            for code in wanted:
                for run, screen in (
                    ("demo", demo(system, code, home)),
                    ("play", replay(system, code, answers, home)),
                ):
                    if args.save:
                        args.save.mkdir(parents=True, exist_ok=True)
                        (args.save / f"{system}-{code}-{run}.txt").write_text(screen, "utf-8")
                    bad, lines, english, words, shown, found = tally(judged[code], screen)
                    share = 100 * english / max(words, 1)
                    print(
                        f"{system:7} {code} {run}: {bad}/{lines} lines with English, "
                        f"{english}/{words} words ({share:.1f}%)"
                        + (f"  [{', '.join(w for w, _ in found.most_common(8))}]" if found else "")
                    )
                    if args.show:
                        for line in shown:
                            print(f"    {line.strip()[:200]}")


if __name__ == "__main__":
    main()
