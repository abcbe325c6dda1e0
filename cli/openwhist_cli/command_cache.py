"""A cache of the commands plugins add, so ``whist --help`` lists them without loading plugins.

Listing the commands that plugins add through ``whist_register_commands`` means loading
every plugin -- pluggy, pydantic and each variant's models, more than the rest of ``whist
--help`` together. So the names and help texts of those commands are kept in a small JSON
file per Python environment and import path, in the user cache directory
(``OPENWHIST_CACHE_DIR`` overrides it; set but empty, nothing is cached).

An entry is used only when its **key** equals the key computed now, from what decides which
plugin commands there are:

* every ``sys.path`` entry with its modification time and the names of the
  ``*.dist-info`` / ``*.egg-info`` directories in it (name and version of every installed
  distribution: installing, removing or upgrading a plugin -- or anything else -- changes
  the key; so does reinstalling one in place, through the directory's modification time);
* the Python interpreter;
* the plugin switches (``OPENWHIST_LOAD_PLUGINS``, ``OPENWHIST_DISABLE_PLUGINS``,
  ``OPENWHIST_STRICT_PLUGINS``) and the language variables (a plugin may translate its
  help text).

Computing the key costs a few ``stat`` and ``scandir`` calls and imports nothing:
`importlib.metadata` alone would cost more than the rest of the cache together.

A cache that cannot be read, parsed or written is ignored: it never causes an error and
never hides a command (the caller then loads the plugins, as without a cache).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import zlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

CACHE_DIR_ENV = "OPENWHIST_CACHE_DIR"
FORMAT = 1
"""Bumped whenever the file's layout or the key's meaning changes."""

KEY_ENV = (
    "OPENWHIST_LOAD_PLUGINS",
    "OPENWHIST_DISABLE_PLUGINS",
    "OPENWHIST_STRICT_PLUGINS",
    "OPENWHIST_LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "LANG",
)
"""The environment variables that can change which plugin commands there are, or their help."""

_METADATA_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class CachedCommand:
    """What ``whist --help`` shows of one plugin command (Click's attributes of that name)."""

    name: str
    help: str | None
    short_help: str | None
    hidden: bool
    deprecated: bool | str


@dataclass(frozen=True)
class Lookup:
    """The cache as one run found it: its file, the current key, and the entry if current."""

    path: Path | None
    key: dict[str, Any]
    commands: list[CachedCommand] | None

    def store(self, commands: list[CachedCommand]) -> None:
        """Store ``commands`` under this lookup's key, unless that is what is stored."""
        if commands != self.commands:
            write(self.path, self.key, commands)


def lookup() -> Lookup:
    """Find this environment's entry.

    The key is taken now, before the caller loads any plugin: a plugin installed meanwhile
    can only make the entry stored afterwards stale at once, never a stale entry current.
    """
    path = cache_file()
    key = current_key()
    return Lookup(path, key, read(path, key))


def cache_file(environ: Mapping[str, str] | None = None) -> Path | None:
    """The cache file of this interpreter and import path, or None when caching is off."""
    env = os.environ if environ is None else environ
    directory = env.get(CACHE_DIR_ENV)
    if directory is None:
        directory = user_cache_dir(env)
    elif not directory:
        return None
    # One file per interpreter and import path: two environments (venvs), or ``whist`` and
    # ``python -c`` (whose sys.path differ in their first entry), do not overwrite each
    # other's entry at every run. A collision of the checksum only costs a miss: the key
    # holds both in full.
    where = "\0".join([sys.executable, *sys.path])
    tag = zlib.crc32(os.fsencode(where)) & 0xFFFFFFFF
    return Path(directory) / f"plugin-commands-{tag:08x}.json"


def user_cache_dir(environ: Mapping[str, str]) -> str:
    """openwhist's directory in the user cache directory, as platformdirs names it.

    On Linux it is worked out here, as platformdirs does in the usual case (an absolute
    ``XDG_CACHE_HOME``, else ``$HOME/.cache``): importing platformdirs costs up to 15 ms
    (when its modules are not byte-compiled), a tenth of ``whist --help``. Any other case
    asks platformdirs. Had the two ever differed, the cache would only live elsewhere.
    """
    if sys.platform == "linux" and "ANDROID_DATA" not in environ:
        xdg = environ.get("XDG_CACHE_HOME", "")
        if os.path.isabs(xdg):
            return os.path.join(xdg, "openwhist")
        home = environ.get("HOME", "")
        if os.path.isabs(home):
            return os.path.join(home, ".cache", "openwhist")
    import platformdirs

    return platformdirs.user_cache_dir("openwhist", appauthor=False)


def _path_entry(entry: str) -> list[Any]:
    try:
        where = entry or os.getcwd()  # "" is the current directory (``python -c``)
        mtime: int | None = os.stat(where).st_mtime_ns
    except OSError:
        return [entry, None, []]
    names: list[str] = []
    try:
        with os.scandir(where) as listing:
            names = sorted(e.name for e in listing if e.name.endswith(_METADATA_SUFFIXES))
    except OSError:  # a zip file or an unreadable directory: its time is the key
        pass
    return [where, mtime, names]


def current_key(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The key an entry must carry to be used now (JSON-safe: lists, not tuples)."""
    env = os.environ if environ is None else environ
    return {
        "format": FORMAT,
        "python": [sys.executable, sys.version],
        "path": [_path_entry(entry) for entry in sys.path],
        "env": {name: env.get(name) for name in KEY_ENV},
    }


def _command(data: Any) -> CachedCommand:
    if not isinstance(data, dict):
        raise TypeError("not a command")
    name, help_, short, hidden, deprecated = (
        data["name"],
        data["help"],
        data["short_help"],
        data["hidden"],
        data["deprecated"],
    )
    if not (
        isinstance(name, str)
        and isinstance(help_, str | None)
        and isinstance(short, str | None)
        and isinstance(hidden, bool)
        and isinstance(deprecated, bool | str)
    ):
        raise TypeError("a field has the wrong type")
    return CachedCommand(name, help_, short, hidden, deprecated)


def read(path: Path | None, key: Mapping[str, Any]) -> list[CachedCommand] | None:
    """The commands cached under ``key``, or None (no file, another key, or unusable)."""
    if path is None:
        return None
    try:
        data = json.loads(path.read_bytes())
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        commands = data["commands"]
        if not isinstance(commands, list):
            return None
        return [_command(item) for item in commands]
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None


def write(path: Path | None, key: Mapping[str, Any], commands: list[CachedCommand]) -> None:
    """Store ``commands`` under ``key``, atomically; any failure is ignored."""
    if path is None:
        return
    data = json.dumps(
        {"key": key, "commands": [asdict(c) for c in commands]}, ensure_ascii=False, indent=1
    ).encode("utf-8")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data)
        # A reader sees the old file or the new one, never half of one.
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
