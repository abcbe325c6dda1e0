#!/usr/bin/env bash
# Benchmark: `uv run whist --help`, first and later runs, under each way of byte-compiling
# the environment (issue 11, deliverable 8; figures in docs/performance.md).
#
# Run: bash bench/bench_bytecode.sh [RUNS]      (needs hyperfine: apt-get install hyperfine)
#
# Each scenario is a fresh copy of the committed tree (git archive HEAD) with its own .venv,
# synced from uv's cache (`uv sync --locked --all-packages`, timed: the install step):
#
#   setting  [tool.uv] compile-bytecode = true (what the workspace set before): uv
#            byte-compiles at install, and again at every `uv run` (astral-sh/uv#12202);
#   none     no setting, PYTHONDONTWRITEBYTECODE=1 (as .ci/run and this machine run):
#            nothing is ever compiled to disk, every run compiles what it imports;
#   lazy     no setting, bytecode writes allowed: the first run writes __pycache__ for
#            what it imports, later runs read it (first run measured after deleting them);
#   once     no setting; `uv sync --compile-bytecode` at install (what .ci/run does), then
#            runs with PYTHONDONTWRITEBYTECODE=1: they read the installed bytecode.
#
# Figures are wall times of hyperfine (median and min of RUNS, after one warm-up run).
set -euo pipefail

runs="${1:-5}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

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

measure() {
    # measure NAME LABEL WRITE [HYPERFINE-ARGS...]: median and min ms of `uv run whist
    # --help`; WRITE=yes lets Python write bytecode, no sets PYTHONDONTWRITEBYTECODE=1.
    local name="$1" label="$2" write="$3"
    shift 3
    local env_args=(env PYTHONDONTWRITEBYTECODE=1)
    if [ "$write" = yes ]; then env_args=(env -u PYTHONDONTWRITEBYTECODE); fi
    (cd "$work/$name" && "${env_args[@]}" hyperfine -N --style none --warmup 1 --runs "$runs" "$@" \
        --export-json "$work/$name-$label.json" "uv run --locked whist --help" >/dev/null)
    python3 - "$work/$name-$label.json" <<'EOF'
import json, statistics, sys
times = json.load(open(sys.argv[1]))["results"][0]["times"]
print(f"{1000 * statistics.median(times):.0f} ms (min {1000 * min(times):.0f})")
EOF
}

row() { printf '| %s | %s s | %s | %s |\n' "$@"; }

echo "| scenario | install | first \`uv run whist --help\` | later runs |"
echo "|---|---:|---:|---:|"

copy setting
if grep -q '^\[tool.uv\]$' "$work/setting/pyproject.toml"; then
    sed -i '/^\[tool.uv\]$/a compile-bytecode = true' "$work/setting/pyproject.toml"
else
    printf '\n[tool.uv]\ncompile-bytecode = true\n' >>"$work/setting/pyproject.toml"
fi
t="$(install setting)"
later="$(measure setting later no)"
row "setting: \`compile-bytecode = true\`" "$t" "$later (every run recompiles)" "$later"

copy none
t="$(install none)"
later="$(measure none later no)"
row "none, PYTHONDONTWRITEBYTECODE=1" "$t" "$later (nothing written)" "$later"

copy lazy
t="$(install lazy)"
clear="find .venv core cli plugins -name __pycache__ -prune -exec rm -rf {} +"
first="$(measure lazy first yes --prepare "$clear")"
later="$(measure lazy later yes)"
row "lazy: none, bytecode written on first import" "$t" "$first" "$later"

copy once
t="$(install once --compile-bytecode)"
later="$(measure once later no)"
row "once: \`uv sync --compile-bytecode\` at install" "$t" "$later (nothing written)" "$later"
