#!/usr/bin/env bash
# The release packages as someone without Swift gets them: runs scripts/package.sh (which reuses
# the release build of scripts/build-release.sh) twice, then checks that the same binary packs to
# the same bytes; that the .deb's Depends covers every library the binary loads; that its files
# run with the Swift toolchain out of sight (`sharp9 --version`, and the demo, whose render must
# hash like the build tree's); the man page, the completions and the tarball's contents; that apt
# accepts the .deb; and, as root on a machine without sharp9 (CI), installs and removes it for
# real. Ends with "N passed, N failed" (exit 1 on any failure).
#
#   scripts/test-package.sh
#   KEEP_WORK=1 scripts/test-package.sh   # keep the temporary folder (extracted files, logs)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
work=$(mktemp -d)
installed=""
cleanup() {
  if [[ -n $installed ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq sharp9 >/dev/null 2>&1 || true
  fi
  [[ -n ${KEEP_WORK:-} ]] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

source scripts/lib/checks.sh
skip() { echo "skip $1"; }
finish() {
  checks_summary && exit 0 || exit 1
}
same() { [[ $1 == "$2" ]]; }

bin=$(bash scripts/build-release.sh)
version_line=$("$bin" --version)
version_line=${version_line%%$'\n'*}
version=$(cut -d' ' -f2 <<<"$version_line")
deb_arch=$(dpkg --print-architecture)
name="sharp9-$version"

# Package twice: the second run replaces the first's files, with the same bytes.
packages=()
if bash scripts/package.sh >"$work/paths" 2>"$work/package.log"; then
  mapfile -t packages <"$work/paths"
fi
tarball=${packages[0]:-}
deb=${packages[1]:-}
written() {
  [[ $tarball == "out/package/$name-linux-$(uname -m).tar.gz" && -f $tarball ]] \
    && [[ $deb == "out/package/sharp9_${version}_$deb_arch.deb" && -f $deb ]]
}
check "package.sh writes $tarball and $deb" written
if ! written; then
  cat "$work/package.log"
  finish
fi
first=$(sha256sum "$tarball" "$deb")
bash scripts/package.sh >/dev/null 2>"$work/package.log" || cat "$work/package.log"
check "the same binary packs to the same bytes (both packages, packed twice)" \
  same "$first" "$(sha256sum "$tarball" "$deb")"
check "out/package holds the two packages and nothing else" \
  same "$(ls -A out/package | LC_ALL=C sort)" "$(printf '%s\n' "${deb##*/}" "${tarball##*/}" | LC_ALL=C sort)"

# The control file.
field() { dpkg-deb --field "$deb" "$1"; }
control_names() {
  same "$(field Package) $(field Version) $(field Architecture)" "sharp9 $version $deb_arch"
}
control_rest() {
  [[ $(field Maintainer) =~ ^[^\<]+\ \<[^@\>]+@[^\>]+\>$ && $(field Section) == sound \
    && $(field Priority) == optional && $(field Installed-Size) =~ ^[0-9]+$ \
    && $(field Description | wc -l) -gt 2 ]]
}
check "control: sharp9 $version $deb_arch (the version sharp9 --version prints, dpkg's arch)" \
  control_names
check "control: Maintainer, Section, Priority, Installed-Size, Description" control_rest

# The files, extracted as dpkg would install them, into a folder of their own.
clean="$work/clean"
check "dpkg-deb -x extracts the .deb into a clean folder" dpkg-deb -x "$deb" "$clean"
files=(usr/bin/sharp9 usr/share/man/man1/sharp9.1.gz usr/share/bash-completion/completions/sharp9
  usr/share/zsh/vendor-completions/_sharp9 usr/share/fish/vendor_completions.d/sharp9.fish)
for license in LICENSE LICENSE.md LICENSE.txt COPYING COPYING.md; do
  [[ -f $license ]] && { files+=(usr/share/doc/sharp9/copyright); break; }
done
check "the .deb holds exactly: ${files[*]}" \
  same "$(cd "$clean" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)" \
  "$(printf '%s\n' "${files[@]}" | LC_ALL=C sort)"
packed="$clean/usr/bin/sharp9"

# Depends: the package of each library the binary links is listed, and every library it loads
# (those libraries' own too) comes with a listed package or one of their dependencies.
depends=$(field Depends || true)
listed=$(tr ',|' '\n\n' <<<"$depends" | sed -E 's/^ +//; s/[ (:].*//' | grep . | LC_ALL=C sort -u)
owner() { # owner PATH: the package that installed a library, by any of its names (merged /usr)
  local names=("$1" "$(readlink -f "$1")") candidate
  for candidate in "${names[@]}"; do
    case $candidate in
      /usr/*) names+=("${candidate#/usr}") ;;
      *) names+=("/usr$candidate") ;;
    esac
  done
  for candidate in "${names[@]}"; do
    dpkg-query -S "$candidate" 2>/dev/null | grep -v '^diversion' | head -n 1 \
      | sed -E 's/: .*//; s/[,:].*//' | grep . && return 0
  done
  return 1
}
ldd "$packed" >"$work/ldd" 2>&1 || true
needed=$(readelf -d "$packed" 2>/dev/null | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
# shellcheck disable=SC2086 # one argument per listed package
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances $listed 2>/dev/null | grep -v '^ ' | tr -d '<>' | sort -u || true)
linked_listed=1 loaded_brought=1 loaded=0
while read -r soname path; do
  loaded=$((loaded + 1))
  if ! package=$(owner "$path"); then
    echo "  $soname ($path) belongs to no package"
    linked_listed=0 loaded_brought=0
    continue
  fi
  if grep -qxF "$soname" <<<"$needed" && ! grep -qxF "$package" <<<"$listed"; then
    echo "  linked: $soname comes with $package, which Depends does not list"
    linked_listed=0
  fi
  if ! grep -qxF "$package" <<<"$closure"; then
    echo "  loaded: $soname comes with $package, which Depends does not bring"
    loaded_brought=0
  fi
done < <(awk '$2 == "=>" && $3 ~ /^\// { print $1, $3; next }
  $1 ~ /^\// { n = split($1, part, "/"); print part[n], $1 }' "$work/ldd")
check "ldd finds every library the binary needs" \
  bash -c "[[ -s '$work/ldd' ]] && ! grep -q 'not found' '$work/ldd'"
check "Depends lists the package of each library the binary links ($(grep -c . <<<"$needed") NEEDED)" \
  test -n "$needed" -a $linked_listed -eq 1
check "Depends brings the package of each library ldd lists ($loaded), through their dependencies" \
  test $loaded -gt 0 -a $loaded_brought -eq 1
check "Depends gives each package a minimum version" \
  bash -c "[[ -n '$depends' ]] && ! tr ',' '\n' <<<'$depends' | grep -qv '(>= '"

# The packed binary with the toolchain out of sight: no toolchain library in ldd; run with an empty
# environment, in a mount namespace where an empty tmpfs covers the toolchain's folder.
check "ldd of the .deb's binary names nothing from the Swift toolchain" \
  bash -c "! grep -Eq 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift' '$work/ldd'"
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../.." && pwd)
hide=()
case $toolchain in
  / | /usr | /usr/local) skip "hiding the toolchain: it is in $toolchain, among the system's files" ;;
  *)
    if unshare --mount --propagation private true 2>/dev/null; then
      hide=(unshare --mount --propagation private)
    elif unshare --user --map-root-user --mount true 2>/dev/null; then
      hide=(unshare --user --map-root-user --mount)
    else
      skip "hiding the toolchain: unshare is not permitted here (env -i and ldd still checked)"
    fi
    ;;
esac
without_toolchain() { # without_toolchain COMMAND...: in an empty environment, the toolchain hidden
  if ((${#hide[@]} > 0)); then
    "${hide[@]}" sh -c 'mount -t tmpfs tmpfs "$0" && ! test -e "$0/usr/bin/swift" && exec "$@"' \
      "$toolchain" env -i PATH=/usr/bin:/bin HOME="$work/home" "$@"
  else
    env -i PATH=/usr/bin:/bin HOME="$work/home" "$@"
  fi
}
mkdir -p "$work/home"
hidden=""
((${#hide[@]} == 0)) || hidden=", $toolchain hidden"
check "sharp9 --version from the .deb's files (env -i$hidden)" \
  same "$(without_toolchain "$packed" --version 2>&1)" "$version_line"
SHARP9_BIN="$bin" SHARP9_DEMO_OUT="$work/demo-build" bash scripts/demo.sh \
  >"$work/demo-build.log" 2>&1 || true
without_toolchain SHARP9_BIN="$packed" SHARP9_DEMO_OUT="$work/demo-packed" bash scripts/demo.sh \
  >"$work/demo-packed.log" 2>&1 || true
build_hash=$(sha256sum "$work/demo-build/heard.wav" 2>/dev/null | cut -d' ' -f1 || true)
packed_hash=$(sha256sum "$work/demo-packed/heard.wav" 2>/dev/null | cut -d' ' -f1 || true)
check "the demo runs from the .deb's binary (env -i$hidden)" \
  grep -qx "what was heard: $work/demo-packed/heard.wav (play it with any audio player)" \
  "$work/demo-packed.log"
check "its render is the build tree's, bit for bit (sha256 ${build_hash:-none})" \
  bash -c "[[ -n '$build_hash' && '$build_hash' == '$packed_hash' ]]"

# The man page and the completions.
MANWIDTH=80 man --warnings -l "$clean/usr/share/man/man1/sharp9.1.gz" \
  >"$work/man.txt" 2>"$work/man.err" || true
check "man -l renders the page without a warning" \
  bash -c "grep -q '^NAME' '$work/man.txt' && ! test -s '$work/man.err'"
[[ ! -s "$work/man.err" ]] || sed 's/^/  /' "$work/man.err" | head -n 5
check "the bash completion loads and registers sharp9" \
  bash -c "source '$clean/usr/share/bash-completion/completions/sharp9' && complete -p sharp9"
check "the zsh completion is a #compdef for sharp9" \
  grep -qx '#compdef sharp9' "$clean/usr/share/zsh/vendor-completions/_sharp9"
check "the fish completion completes sharp9" \
  grep -Eq "^complete -c '?sharp9'? " "$clean/usr/share/fish/vendor_completions.d/sharp9.fish"

# The tarball: the same files laid out under a prefix, and a README naming the libraries.
expected=("$name/" "$name/README" "$name/bin/" "$name/bin/sharp9" "$name/share/"
  "$name/share/bash-completion/" "$name/share/bash-completion/completions/"
  "$name/share/bash-completion/completions/sharp9" "$name/share/fish/"
  "$name/share/fish/vendor_completions.d/" "$name/share/fish/vendor_completions.d/sharp9.fish"
  "$name/share/man/" "$name/share/man/man1/" "$name/share/man/man1/sharp9.1" "$name/share/zsh/"
  "$name/share/zsh/site-functions/" "$name/share/zsh/site-functions/_sharp9")
[[ ${files[*]} != *copyright* ]] || expected+=("$name/LICENSE")
check "the tarball holds exactly $name/ with bin/, share/ and README" \
  same "$(tar -tzf "$tarball" | LC_ALL=C sort)" "$(printf '%s\n' "${expected[@]}" | LC_ALL=C sort)"
mkdir -p "$work/tar"
tar -xzf "$tarball" -C "$work/tar" || true
unpacked="$work/tar/$name"
same_files() {
  cmp "$unpacked/bin/sharp9" "$packed" \
    && gzip -dc "$clean/usr/share/man/man1/sharp9.1.gz" | cmp - "$unpacked/share/man/man1/sharp9.1" \
    && cmp "$unpacked/share/bash-completion/completions/sharp9" \
      "$clean/usr/share/bash-completion/completions/sharp9" \
    && cmp "$unpacked/share/zsh/site-functions/_sharp9" \
      "$clean/usr/share/zsh/vendor-completions/_sharp9" \
    && cmp "$unpacked/share/fish/vendor_completions.d/sharp9.fish" \
      "$clean/usr/share/fish/vendor_completions.d/sharp9.fish"
}
check "the tarball's binary, man page and completions are the .deb's" same_files
readme_names_libraries() {
  local line
  line=$(grep -E '^ +sudo apt-get install ' "$unpacked/README") || return 1
  same "$(tr ' ' '\n' <<<"${line#*install }" | grep . | LC_ALL=C sort)" "$listed"
}
check "the tarball's README installs the packages Depends lists" readme_names_libraries

# apt: the dependencies resolve; as root on a machine without sharp9, install and remove for real.
simulate() {
  apt-get install --simulate "$PWD/$deb" >"$work/simulate.txt" 2>&1 \
    && grep -Eq '^Inst sharp9 |sharp9 is already the newest version' "$work/simulate.txt"
}
check "apt-get install --simulate resolves the .deb's dependencies" simulate
if [[ $(id -u) -ne 0 ]]; then
  skip "installing the .deb for real: not root (CI runs this as root)"
elif [[ -e /usr/bin/sharp9 ]] || dpkg-query -W sharp9 >/dev/null 2>&1; then
  skip "installing the .deb for real: this machine has sharp9 already (left alone)"
else
  installed=yes
  check "apt-get install -y ./$(basename "$deb")" \
    env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$PWD/$deb"
  check "/usr/bin/sharp9 --version, installed (env -i$hidden)" \
    same "$(without_toolchain /usr/bin/sharp9 --version 2>&1)" "$version_line"
  if grep -rqs 'path-exclude=*/usr/share/man' /etc/dpkg/dpkg.cfg.d/; then
    skip "man sharp9: dpkg is configured not to install man pages here"
  else
    check "man -w sharp9 finds the installed page" \
      same "$(man -w sharp9 2>/dev/null)" /usr/share/man/man1/sharp9.1.gz
  fi
  removed() {
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq sharp9 && [[ ! -e /usr/bin/sharp9 ]] \
      && ! dpkg-query -W -f='${Status}' sharp9 2>/dev/null | grep -q 'ok installed'
  }
  check "apt-get remove -y sharp9 removes it" removed
  installed=""
fi

finish
