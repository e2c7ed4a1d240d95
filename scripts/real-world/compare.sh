#!/bin/bash
# Lints corpus copies (see extract.sh) with two builds and prints errors/warnings/infos (parse problems left out)
# per build, and whether the two JSON reports are identical.
# Usage: scripts/real-world/compare.sh OLD_CHECKOUT NEW_CHECKOUT NAME...   (each checkout built: out/bin/barrierlint.js)
#   corpus root: $BARRIERLINT_CORPUS or ./corpus; reports kept in $TMPDIR/compare.NAME.{old,new}.json
set -uo pipefail
old=$(realpath "$1") new=$(realpath "$2"); shift 2
root=$(realpath "${BARRIERLINT_CORPUS:-corpus}") tmp=${TMPDIR:-/tmp}
count() {
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const n = { error: 0, warning: 0, info: 0 };
    for (const f of r.files ?? []) for (const d of f.diagnostics ?? []) if (d.rule !== "parse-problem") n[d.severity in n ? d.severity : "info"]++;
    console.log(`${n.error}/${n.warning}/${n.info}`);' "$1"
}
for name in "$@"; do
  for side in old new; do
    build=$old; [ "$side" = new ] && build=$new
    (cd "$root/$name" && xargs -a "$root/$name.files" -d '\n' \
      node "$build/out/bin/barrierlint.js" --format json --jobs 1 --file-timeout 300 -- > "$tmp/compare.$name.$side.json" 2>/dev/null)
    printf '%-30s %-4s %s\n' "$name" "$side" "$(count "$tmp/compare.$name.$side.json")"
  done
  cmp -s "$tmp/compare.$name.old.json" "$tmp/compare.$name.new.json" && echo "  same" || echo "  DIFF"
done
