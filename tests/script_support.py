"""Load a Python file that is no importable module as one: a helper script beside the tests
(tests/cli/play_script.py), a tool (tools/ is not a package), another test file's builders.

``from tests.script_support import load_script``, then ``load_script(path)``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(path: Path, name: str | None = None) -> ModuleType:
    """The file at ``path`` run as the module ``name`` (default: the file's stem), once:
    registered in `sys.modules` before it runs (its dataclasses and doctests look their
    module up there), and the module already registered under ``name`` is returned as it
    is rather than run again."""
    name = name or path.stem
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None, path
    assert spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]  # a module that failed to run is not left half made
        raise
    return module


__all__ = ["load_script"]
