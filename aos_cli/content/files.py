"""Read files a player points us at, safely: regular files only, never larger than a limit.

`--content /dev/zero`, a `.yaml` link to a device, a named pipe (FIFO) or a 50 MB file would
otherwise hang or eat memory; each is refused with one line saying what the path is. Importers
of other programs' files use `read_regular_file` too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from aos_cli.core.errors import ContentError
from aos_cli.core.limits import MAX_CONTENT_FILE_BYTES
from aos_cli.language.i18n import N_, _, number


class UnreadableFile(ContentError):
    """A path that is not a regular file we may read: missing, a folder, a device, too large.

    `reason` is the message without the file's name (`is a folder, not a file`)."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(_("{name} {reason}").format(name=name, reason=reason))
        self.reason = reason


def _megabytes(size: int) -> str:
    return _("{size} MB").format(size=number(size / (1024 * 1024)))


def file_problem(path: Path, limit: int = MAX_CONTENT_FILE_BYTES) -> str | None:
    """Why `path` cannot be read as a file (`does not exist`, `is a folder`...), or None."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return _("is a link to nothing") if os.path.islink(path) else _("does not exist")
    except OSError as error:
        if error.errno == 40:  # ELOOP on Linux: a link that leads back to itself
            return _(LOOPS)
        return _cannot_read(error)
    except ValueError:
        return _("is not a path (it holds a NUL character)")
    if stat.S_ISDIR(info.st_mode):
        return _("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        return _(NOT_REGULAR)
    if info.st_size > limit:
        return _too_large(limit)
    return None


LOOPS = N_("is a link that loops back on itself")
NOT_REGULAR = N_("is not a regular file (a device, pipe or socket)")


def _cannot_read(error: OSError) -> str:
    return _("cannot be read: {reason}").format(reason=error.strerror or error)


def _too_large(limit: int) -> str:
    return _("is larger than the {size} limit").format(size=_megabytes(limit))


def read_regular_file(path: Path, limit: int = MAX_CONTENT_FILE_BYTES, what: str = "") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; UnreadableFile otherwise.

    The file is opened without blocking and checked again once open, so a path swapped for a
    pipe or a device between the check and the read is refused rather than waited on."""
    name = f"{what} {str(path)!r}".strip()
    problem = file_problem(path, limit)
    if problem is not None:
        raise UnreadableFile(name, problem)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise UnreadableFile(name, _cannot_read(error)) from None
    with os.fdopen(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise UnreadableFile(name, _(NOT_REGULAR))
        try:
            data = stream.read(limit + 1)
        except OSError as error:  # /proc/self/mem and the like: regular, yet not readable
            raise UnreadableFile(name, _cannot_read(error)) from None
    if len(data) > limit:
        raise UnreadableFile(name, _too_large(limit))
    return data


def read_text_file(path: Path, limit: int = MAX_CONTENT_FILE_BYTES, what: str = "") -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes; UnreadableFile otherwise."""
    data = read_regular_file(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        name = f"{what} {str(path)!r}".strip()
        raise UnreadableFile(
            name, _("is not UTF-8 text (byte {byte})").format(byte=error.start)
        ) from None


def output_problem(path: Path) -> str | None:
    """Why the tool may not write to `path` (a device such as /dev/zero, a pipe that would
    block, a folder), or None when it is absent or a regular file (or a link to one)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None if not os.path.islink(path) else _("is a link to nothing")
    except OSError as error:
        if error.errno == 40:
            return _(LOOPS)
        return _cannot_read(error)
    except ValueError:
        return _("is not a path (it holds a NUL character)")
    if stat.S_ISDIR(info.st_mode):
        return _("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        return _(NOT_REGULAR)
    return None


def check_output(path: Path, what: str = "") -> None:
    """Refuse, before anything is written, an output path that is not a regular file or
    absent (UnreadableFile, one line): writing to a FIFO blocks, /dev/zero swallows it."""
    problem = output_problem(path)
    if problem is not None:
        raise UnreadableFile(f"{what} {str(path)!r}".strip(), problem)


def first_line(path: Path, limit: int = 4096) -> str | None:
    """The first line of a regular file, read within `limit` bytes (None when the path is
    not a readable regular file): `/dev/zero` or a FIFO is never read."""
    if output_problem(path) is not None:
        return None
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                return None
            line = stream.readline(limit)
    except OSError:
        return None
    return line.decode("utf-8", errors="replace")


def path_exists(path: Path) -> bool:
    """Whether anything is at `path` (a dangling link counts); never raises for odd names."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def is_folder(path: Path) -> bool:
    """Whether `path` is a folder (or a link to one); never raises for odd names."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
