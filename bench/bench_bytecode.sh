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
# Then ROUNDS rounds (default 7); each round times, one after the other, for every scenario
# a first run (the command cache of `whist --help` deleted just before, as after an install;
# for `lazy` its __pycache__ directories too) and a later run (the third: one untimed run
# in between), so the load of the moment weighs on all of them alike. Figures: the CPU time (user + system)
# of the `uv run` process and everything it ran (`os.wait4`: uv, its compile workers and
# Python), median and min -- on a shared machine wall time mostly measures the other jobs --
# and the median wall time for information.
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
runs = {}  # label -> (copy, environment, what to delete first)
for name, env in (("setting", never), ("none", never), ("lazy", quiet), ("once", never)):
    # Each copy has its own cache of the commands plugins add (`whist --help` caches them;
    # a shared cache would miss at every switch of environment).
    env = {**env, "OPENWHIST_CACHE_DIR": str(work / f"{name}-cache")}
    runs[f"{name}, first run"] = (name, env, "bytecode" if name == "lazy" else "cache")
    runs[f"{name}, later runs"] = (name, env, "")

def clear(path: Path, what: str) -> None:
    """Delete the command cache (a first run after installing misses it), and with
    ``what == "bytecode"`` the bytecode Python wrote too."""
    shutil.rmtree(path.with_name(path.name + "-cache"), ignore_errors=True)
    if what != "bytecode":
        return
    for top in (".venv", "core", "cli", "plugins"):
        for cache in (path / top).rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)

def timed(name: str, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds of the process tree, wall seconds) of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=work / name, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{name}: uv run failed")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start

cpu: dict[str, list[float]] = {label: [] for label in runs}
wall: dict[str, list[float]] = {label: [] for label in runs}
for label, (name, env, _) in runs.items():  # one warm-up run each (file caches)
    timed(name, env)
for _ in range(rounds):
    for label, (name, env, first) in runs.items():
        if first:
            clear(work / name, first)
        if not first:
            # The run right after a first run still costs more (for `lazy` up to twice a
            # steady run: caches settling), so later runs are timed from the third one.
            timed(name, env)
        c, w = timed(name, env)
        cpu[label].append(c)
        wall[label].append(w)
print("| scenario | install (`uv sync`, wall) | `uv run whist --help`: CPU, median | min | wall, median |")
print("|---|---:|---:|---:|---:|")
for label, (name, _, _) in runs.items():
    c = cpu[label]
    print(f"| {label} | {installs[name]} s | {1000 * statistics.median(c):.0f} ms "
          f"| {1000 * min(c):.0f} ms | {1000 * statistics.median(wall[label]):.0f} ms |")
EOF
