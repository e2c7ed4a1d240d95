#!/bin/bash
# Copies a repository's C/C++ sources out of a git directory for a real-world run, and lists the files that mention
# D3D12 (vendored folders left out). Usage: scripts/real-world/extract.sh GIT_DIR NAME [ROOT]
#   writes ROOT/NAME/… (HEAD's *.c *.cc *.cpp *.cxx *.h *.hh *.hpp *.hxx *.inl *.ipp) and ROOT/NAME.files
#   ROOT defaults to $BARRIERLINT_CORPUS or ./corpus
set -euo pipefail
git_dir=$1 name=$2 root=${3:-${BARRIERLINT_CORPUS:-corpus}}
dst=$root/$name
rm -rf "$dst" && mkdir -p "$dst"
git --git-dir="$git_dir" ls-tree -r --name-only HEAD | grep -E '\.(c|cc|cpp|cxx|h|hh|hpp|hxx|inl|ipp)$' |
  while IFS= read -r f; do
    mkdir -p "$dst/$(dirname "$f")"
    git --git-dir="$git_dir" cat-file blob "HEAD:$f" > "$dst/$f" 2>/dev/null || true
  done
(cd "$dst" && { grep -rlE 'D3D12_|ID3D12' . || true; } |
  grep -viE '/(third_?party|external|extern|vendor|deps|3rdparty|contrib)/' | sort) > "$root/$name.files"
wc -l < "$root/$name.files"
