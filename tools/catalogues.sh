#!/usr/bin/env bash
# Keep the gettext catalogues (domain `messages`) of every package in step with its source.
#
#   bash tools/catalogues.sh update    # extract each package's messages (and the commands'
#                                      # help texts: cli/openwhist_cli/help_messages.py), merge
#                                      # them into its es/pt/it .po files (then translate the
#                                      # new entries)
#   bash tools/catalogues.sh compile   # compile every .po to the .mo that ships beside it
#
# Each package keeps its catalogue in a `locale` directory inside the package (see
# openwhist/game/messages.py); tests/test_i18n.py fails when a message lacks a translation or a
# committed .mo is stale. Run from the repository root.
set -euo pipefail
PYBABEL=${PYBABEL:-.venv/bin/pybabel}
PACKAGES=(
    core/openwhist
    cli/openwhist_cli
    server/openwhist_server
    plugins/german/src/openwhist_german
    plugins/english/src/openwhist_english
    plugins/israeli/src/openwhist_israeli
    plugins/solo/src/openwhist_solo
    plugins/knockout/src/openwhist_knockout
    docs/plugins/example/src/openwhist_notrump
)
LANGS=(es pt it)

if [ "${1:-}" = update ]; then
    # The commands' help texts (Typer's docstrings and help=) reach the CLI's catalogue
    # through a generated file of N_ marks (openwhist_cli/helptext.py).
    .venv/bin/python -m openwhist_cli.helptext
    .venv/bin/ruff format -q cli/openwhist_cli/help_messages.py
fi

for package in "${PACKAGES[@]}"; do
    locale="$package/locale"
    case "${1:-}" in
    update)
        mkdir -p "$locale"
        # The mapping extracts the Python sources and the Jinja2 templates' _()/ngettext()
        # (the club pages: server/openwhist_server/templates).
        "$PYBABEL" -q extract --no-location --omit-header --sort-output -k N_ -k plural_message:1,2 \
            -F tools/babel.cfg --ignore-dirs=locale -o "$locale/messages.pot" "$package" >/dev/null
        for lang in "${LANGS[@]}"; do
            if [ -f "$locale/$lang/LC_MESSAGES/messages.po" ]; then
                "$PYBABEL" -q update --no-fuzzy-matching --ignore-obsolete -i "$locale/messages.pot" \
                    -d "$locale" -D messages -l "$lang" >/dev/null
            else
                "$PYBABEL" -q init -i "$locale/messages.pot" -d "$locale" -D messages -l "$lang" >/dev/null
            fi
        done
        ;;
    compile)
        "$PYBABEL" -q compile -d "$locale" -D messages >/dev/null
        ;;
    *)
        echo "usage: bash tools/catalogues.sh update|compile" >&2
        exit 2
        ;;
    esac
done
