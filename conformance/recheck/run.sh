#!/bin/sh
# Installs the pinned packages in a scratch folder outside the repository (default /work/recheck)
# and runs every re-check script from the repository's root. See README.md.
set -eu
S=${RECHECK_DIR:-/work/recheck}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$S/npm" "$S/py" "$S/rs/src"
# npm: exact versions (conformance/npm/package.json pins the same)
[ -d "$S/npm/node_modules/wgo" ] || (cd "$S/npm" && echo '{"private":true}' > package.json &&
  npm install --save-exact goban@8.3.64 tenuki@0.3.1 wgo@3.0.0-alpha.10)
# PyPI: the hashes of conformance/python/requirements-ci.txt, only the packages used here
if [ ! -x "$S/py/.venv/bin/python" ]; then
  python3 -m venv "$S/py/.venv"
  python3 - "$ROOT/conformance/python/requirements-ci.txt" "$S/py/req.txt" <<'PY'
import re, sys
entries = re.split(r'\n(?=[A-Za-z])', open(sys.argv[1]).read())
keep = [e.strip() for e in entries if re.match(r'(baduk|dlgo|lets-go|weiqi|numpy|ltermio|wcwidth|typing_extensions)==', e)]
open(sys.argv[2], 'w').write('\n'.join(keep) + '\n')
PY
  "$S/py/.venv/bin/pip" install --no-deps --require-hashes -r "$S/py/req.txt"
fi
# crates: exact versions, the lock file of conformance/crates
if [ ! -f "$S/rs/Cargo.toml" ]; then
  printf '[package]\nname = "recheck_rs"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ngoban = "=0.20.1"\ngo_game_board = "=0.1.1"\nspooky_go = "=0.6.1"\n' > "$S/rs/Cargo.toml"
  cp "$ROOT/conformance/crates/Cargo.lock" "$S/rs/Cargo.lock"
fi
cp "$ROOT/conformance/recheck/crates_recheck.rs" "$S/rs/src/main.rs"
(cd "$S/rs" && cargo build -q)
cd "$ROOT"
export NODE_PATH="$S/npm/node_modules"
node conformance/recheck/wgo.js
node conformance/recheck/tenuki.js
node conformance/recheck/goban-ogs.js
for p in baduk dlgo weiqi lets_go; do "$S/py/.venv/bin/python" "conformance/recheck/${p}_recheck.py"; done
"$S/rs/target/debug/recheck_rs"
