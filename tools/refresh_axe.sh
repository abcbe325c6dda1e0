#!/usr/bin/env bash
# Refresh the vendored axe-core (the accessibility engine of the browser tests) from the
# npm registry: tools/refresh_axe.sh [VERSION]   (default: the newest 4.x)
#
# `npm pack` fetches the published tarball and checks it against the registry's integrity
# hash; this script then copies axe.min.js and its licences to tests/a11y/axe-core/ and
# writes PROVENANCE (version, the registry's integrity, the file's SHA-256), which
# tests/a11y/axe.py checks before every use. Commit the four files together; the decision
# is docs/architecture.md, "(al)".
set -euo pipefail

version="${1:-4}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="$root/tests/a11y/axe-core"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
npm pack --silent --json "axe-core@${version}" >pack.json
read -r name exact integrity < <(python3 -c '
import json, sys
[pack] = json.load(open("pack.json"))
print(pack["filename"], pack["version"], pack["integrity"])
')
tar -xzf "$name"
mkdir -p "$target"
cp package/axe.min.js package/LICENSE package/LICENSE-3RD-PARTY.txt "$target/"
sha="$(sha256sum "$target/axe.min.js" | cut -d' ' -f1)"
cat >"$target/PROVENANCE" <<END
package axe-core
version ${exact}
licence MPL-2.0
registry-integrity ${integrity}
axe.min.js-sha256 ${sha}
END
echo "axe-core ${exact} -> ${target} (sha256 ${sha})"
