#!/usr/bin/env bash
# (Kept in the repository so CI and test:e2e can run it from a clean clone.)
# Installs a real VS Code (code-server 4.100.3, VS Code 1.100, runs on Node 20) into a folder,
# for end-to-end tests of the VS Code extension in headless Chromium. Works offline from the
# package registries only: Debian's ripgrep replaces the one VS Code would download, and the
# native modules are built from source.
#
#   usage: install-code-server.sh DEST      (DEST/node_modules/code-server/out/node/entry.js is the server)
#   start: node DEST/node_modules/code-server/out/node/entry.js --auth none \
#            --bind-addr 127.0.0.1:PORT --disable-telemetry --disable-update-check \
#            --user-data-dir DIR --extensions-dir DIR FOLDER
#   an extension: ... entry.js --extensions-dir DIR --install-extension my.vsix   (a .vsix made by @vscode/vsce
#                 `package`, which works offline)
# Seen working here: with {"security.workspace.trust.enabled": false, "workbench.startupEditor": "none"} in
# USER_DATA_DIR/User/settings.json, playwright-core driving /usr/bin/chromium (--no-sandbox --disable-gpu
# --disable-background-networking) opens http://127.0.0.1:PORT/?folder=FOLDER, Ctrl+P + file name + Enter opens a
# file, Ctrl+Shift+M shows the Problems panel, and its text is readable from the `.markers-panel` element.
set -euo pipefail
dest=${1:?usage: install-code-server.sh DEST}
version=4.100.3
mkdir -p "$dest"; cd "$dest"
if [ -f node_modules/code-server/lib/vscode/node_modules.asar/.ok ]; then echo "code-server already in $dest"; exit 0; fi
export DEBIAN_FRONTEND=noninteractive
need=()
for p in libkrb5-dev libsecret-1-dev libx11-dev libxkbfile-dev ripgrep chromium; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null; fi
[ -f package.json ] || npm init -y >/dev/null
npm install --no-audit --no-fund --ignore-scripts "code-server@$version" >/dev/null
npm rebuild argon2 --build-from-source >/dev/null 2>&1
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --omit=dev --ignore-scripts >/dev/null
mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
for gyp in node_modules/*/binding.gyp node_modules/@*/*/binding.gyp; do
  [ -f "$gyp" ] || continue
  m=$(dirname "$gyp")
  (cd "$m" && npx --yes node-gyp rebuild >/dev/null 2>&1) || echo "warning: could not build $m" >&2
done
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --no-audit --no-fund --omit=dev --ignore-scripts >/dev/null)
touch node_modules/.ok
echo "code-server $version installed in $dest"
