#!/usr/bin/env bash
# Benchmark: `uv run whist --help`, first and later runs, under each way of byte-compiling
# the environment (issue 11, deliverable 8; figures in docs/performance.md).
#
# Run: bash bench/bench_bytecode.sh [ROUNDS]
#
# Each scenario is a fresh copy of the committed tree (git archive HEAD) with its own .venv,
# synced from uv's cache (`uv sync --locked --all-packages`, timed: the install step):
#
#   setting  [tool.uv] compile-bytecode = true (what the workspace set before): uv
#            byte-compiles at install, and again at every `uv run` (astral-sh/uv#12202);
#   none     no setting, PYTHONDONTWRITEBYTECODE=1 (as .ci/run and this machine run):
#            nothing is ever compiled to disk, every run compiles what it imports;
#   lazy     no setting, bytecode writes allowed (Python's default): the first run writes
#            __pycache__ for what it imports, later runs read it;
#   once     no setting; `uv sync --compile-bytecode` at install (what .ci/run does), then
#            runs with PYTHONDONTWRITEBYTECODE=1: they read the installed bytecode.
#
# Then ROUNDS rounds (default 7); each round times, one after the other, a later run of every
# scenario and a first run of `lazy` (its __pycache__ directories deleted just before), so
# the load of the moment weighs on all of them alike. Figures: median and min wall time.
set -euo pipefail

rounds="${1:-7}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT INT TERM

copy() {
    # copy NAME: the committed tree in $work/NAME without any compile-bytecode setting.
    mkdir -p "$work/$1"
    git -C "$root" archive HEAD | tar -x -C "$work/$1"
    sed -i '/^compile-bytecode = true$/d' "$work/$1/pyproject.toml"
}

install() {
    # install NAME [SYNC-ARGS...]: sync the copy's environment; print the seconds it took.
    local name="$1"
    shift
    local start end
    start="$(date +%s.%N)"
    (cd "$work/$name" && uv sync --locked --all-packages --quiet "$@")
    end="$(date +%s.%N)"
    python3 -c "print(f'{$end - $start:.1f}')"
}

copy setting
if grep -q '^\[tool.uv\]$' "$work/setting/pyproject.toml"; then
    sed -i '/^\[tool.uv\]$/a compile-bytecode = true' "$work/setting/pyproject.toml"
else
    printf '\n[tool.uv]\ncompile-bytecode = true\n' >>"$work/setting/pyproject.toml"
fi
copy none
copy lazy
copy once
installs="setting=$(install setting) none=$(install none) lazy=$(install lazy)"
installs="$installs once=$(install once --compile-bytecode)"

python3 - "$work" "$rounds" "$installs" <<'EOF'
import os, shutil, statistics, subprocess, sys, time
from pathlib import Path

work, rounds = Path(sys.argv[1]), int(sys.argv[2])
installs = dict(item.split("=") for item in sys.argv[3].split())
command = ["uv", "run", "--locked", "whist", "--help"]
quiet = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
never = {**quiet, "PYTHONDONTWRITEBYTECODE": "1"}
runs = {  # label -> (copy, environment, delete the bytecode first)
    "setting": ("setting", never, False),
    "none": ("none", never, False),
    "lazy, first run": ("lazy", quiet, True),
    "lazy, later runs": ("lazy", quiet, False),
    "once": ("once", never, False),
}

def clear(path: Path) -> None:
    for top in (".venv", "core", "cli", "plugins"):
        for cache in (path / top).rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)

times: dict[str, list[float]] = {label: [] for label in runs}
for label, (name, env, _) in runs.items():  # one warm-up run each (file caches)
    subprocess.run(command, cwd=work / name, env=env, capture_output=True, check=True)
for _ in range(rounds):
    for label, (name, env, first) in runs.items():
        if first:
            clear(work / name)
        start = time.perf_counter()
        subprocess.run(command, cwd=work / name, env=env, capture_output=True, check=True)
        times[label].append(time.perf_counter() - start)
print("| scenario | install (`uv sync`) | `uv run whist --help`: median | min |")
print("|---|---:|---:|---:|")
for label, (name, _, _) in runs.items():
    t = times[label]
    print(f"| {label} | {installs[name]} s | {1000 * statistics.median(t):.0f} ms "
          f"| {1000 * min(t):.0f} ms |")
EOF
