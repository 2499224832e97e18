#!/usr/bin/env bash
# Packages sharp9 for people without Swift (Linux): the release binary from
# scripts/build-release.sh (Swift runtime and Foundation linked in), stripped, with its man page
# and bash, zsh and fish completions, as
#
#   out/package/sharp9-VERSION-linux-ARCH.tar.gz   a folder sharp9-VERSION/ laid out like a
#                                                  prefix (bin/, share/), to copy to /usr/local
#                                                  or ~/.local; ARCH as `uname -m` says
#   out/package/sharp9_VERSION_ARCH.deb            /usr/bin/sharp9 and the rest in Debian's
#                                                  places; ARCH as dpkg says; Depends computed
#                                                  by dpkg-shlibdeps from the binary
#
# and prints their paths on stdout, the tarball's first (progress on stderr, one line a step).
# VERSION is the one `sharp9 --version` prints. The same binary and commit give the same bytes:
# every date is the last commit's (SOURCE_DATE_EPOCH, when set, wins), the archives are sorted
# and owned by root. out/package/ is this script's own: it replaces the packages of a previous
# run and refuses to run when the folder holds anything else.
#
#   scripts/package.sh
#   SHARP9_MAINTAINER='Name <mail>' scripts/package.sh   # default: the last commit's author
set -euo pipefail
cd "$(dirname "$0")/.."
umask 022
die() { echo "package: error: $*" >&2; exit 1; }
step() { echo "package: $*" >&2; }

[[ "$(uname -s)" == Linux ]] \
  || die "packaging is Linux-only: this is $(uname -s). Run it on Debian or Ubuntu."
for tool in dpkg-deb dpkg-shlibdeps strip ldd gzip tar python3 git; do
  command -v "$tool" >/dev/null \
    || die "$tool is missing: packaging needs it. Run scripts/setup.sh (installs dpkg-dev, binutils and the rest)."
done

# The output folder: nothing in it but packages this script wrote (and its partial copies).
out=out/package
is_ours() { [[ $1 == sharp9-*-linux-*.tar.gz || $1 == sharp9_*_*.deb || $1 == .*.partial ]]; }
if [[ -e $out || -L $out ]]; then
  [[ -d $out && ! -L $out ]] \
    || die "$out is not a folder: this script writes its packages there. Move it away and run again."
  shopt -s nullglob dotglob
  for path in "$out"/*; do
    name=${path##*/}
    { is_ours "$name" && [[ -f $path && ! -L $path ]]; } \
      || die "$path was not written by this script: $out holds only its packages. Move it away and run again."
  done
  shopt -u nullglob dotglob
fi

if [[ -z ${SOURCE_DATE_EPOCH:-} ]]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null) \
    || die "no last commit to date the package by: this is not a git checkout. Set SOURCE_DATE_EPOCH (seconds since 1970) and run again."
fi
[[ $SOURCE_DATE_EPOCH =~ ^[0-9]+$ ]] \
  || die "SOURCE_DATE_EPOCH is '$SOURCE_DATE_EPOCH', not a number of seconds. Unset it or set it to one."
export SOURCE_DATE_EPOCH
maintainer=${SHARP9_MAINTAINER:-$(git log -1 --format='%an <%ae>')}
[[ $maintainer =~ ^[^\<\>]+\ \<[^\<\>[:space:]]+@[^\<\>[:space:]]+\>$ ]] \
  || die "the maintainer '$maintainer' is not 'Name <mail>'. Set SHARP9_MAINTAINER to one."

bin=$(bash scripts/build-release.sh)
version_line=$("$bin" --version) \
  || die "$bin --version failed: the binary does not run. Run scripts/build-release.sh and look at its output."
version_line=${version_line%%$'\n'*}
[[ $version_line =~ ^sharp9\ ([0-9][A-Za-z0-9.+~]*)(\ |$) ]] \
  || die "$bin --version printed '$version_line', not 'sharp9 VERSION …'. Fix the version string."
version=${BASH_REMATCH[1]}
deb_arch=$(dpkg --print-architecture)
tar_arch=$(uname -m)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The binary: symbols and debug information stripped (as Debian does); the Swift runtime must be
# linked in, or the package would need the toolchain it exists to spare people.
step "sharp9 $version ($deb_arch): stripping the release binary"
strip --remove-section=.comment --remove-section=.note -o "$work/sharp9" "$bin"
chmod 0755 "$work/sharp9"
toolchain=$(ldd "$work/sharp9" \
  | grep -Eo '(libswift|libFoundation|libdispatch|libBlocksRuntime)[^ ]*|/opt/swift[^ ]*' || true)
[[ -z $toolchain ]] \
  || die "the binary loads ${toolchain%%$'\n'*} from the Swift toolchain: the runtime must be linked in. Build with scripts/build-release.sh (--static-swift-stdlib)."

step "writing the man page and the bash, zsh and fish completions"
SHARP9_BIN="$work/sharp9" bash scripts/man.sh "$work/sharp9.1"
for shell in bash zsh fish; do
  "$work/sharp9" --generate-completion-script "$shell" >"$work/completion.$shell"
  [[ -s "$work/completion.$shell" ]] \
    || die "sharp9 --generate-completion-script $shell printed nothing. Check the command's completion support."
done
license=""
for candidate in LICENSE LICENSE.md LICENSE.txt COPYING COPYING.md; do
  [[ -f $candidate ]] && { license=$candidate; break; }
done

# The .deb's tree, with DEBIAN/ so dpkg-shlibdeps knows the package's root.
step "computing the .deb's dependencies from the binary (dpkg-shlibdeps)"
root="$work/deb/debian/sharp9"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
cp "$work/sharp9" "$root/usr/bin/sharp9"
gzip -9n <"$work/sharp9.1" >"$root/usr/share/man/man1/sharp9.1.gz"
cp "$work/completion.bash" "$root/usr/share/bash-completion/completions/sharp9"
cp "$work/completion.zsh" "$root/usr/share/zsh/vendor-completions/_sharp9"
cp "$work/completion.fish" "$root/usr/share/fish/vendor_completions.d/sharp9.fish"
if [[ -n $license ]]; then
  mkdir -p "$root/usr/share/doc/sharp9"
  cp "$license" "$root/usr/share/doc/sharp9/copyright"
fi
printf 'Source: sharp9\n\nPackage: sharp9\nArchitecture: any\n' >"$work/deb/debian/control"
depends=$(cd "$work/deb" && dpkg-shlibdeps -O debian/sharp9/usr/bin/sharp9 2>"$work/shlibdeps.log") \
  || { cat "$work/shlibdeps.log" >&2
       die "dpkg-shlibdeps failed (its output is above): a library the binary needs has no package. Install the libraries from Debian packages."; }
depends=${depends#shlibs:Depends=}
[[ -n $depends ]] || die "dpkg-shlibdeps found no dependencies: the binary links no libraries, which cannot be right. Check $bin with ldd."

# Control and checksums; permissions and dates fixed so the bytes depend on the content only.
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
# Installed-Size as dpkg-gencontrol counts it: KiB per file rounded up, 1 per folder.
installed_size=$(cd "$root" && find usr -printf '%y %s\n' \
  | awk '$1 == "f" { n += int(($2 + 1023) / 1024); next } { n += 1 } END { print n }')
cat >"$root/DEBIAN/control" <<EOF
Package: sharp9
Version: $version
Architecture: $deb_arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: sound
Priority: optional
Description: slow-down, pitch and loop practice tool for musicians
 Load a song, slow it to half speed without changing its pitch, transpose
 it, loop a bar A to B, drop markers: in a full-screen terminal player
 (sharp9 play) or from the command line. Every action is recorded in a
 SQLite event log, so a practice session can be replayed, verified,
 inspected in the browser (sharp9 serve) and rendered to exactly what was
 heard.
EOF
normalize() { # normalize DIR: 755 folders and programs, 644 the rest, every date the commit's
  find "$1" -type d -exec chmod 0755 {} +
  find "$1" -type f -exec chmod 0644 {} +
  find "$1" -type f -path '*/bin/*' -exec chmod 0755 {} +
  find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}
normalize "$root"
deb_name="sharp9_${version}_${deb_arch}.deb"
dpkg-deb --build --root-owner-group "$root" "$work/$deb_name" >/dev/null

# The tarball: the same files laid out under a prefix, and a note on installing them.
name="sharp9-$version"
tree="$work/tar/$name"
mkdir -p "$tree/bin" "$tree/share/man/man1" "$tree/share/bash-completion/completions" \
  "$tree/share/zsh/site-functions" "$tree/share/fish/vendor_completions.d"
cp "$work/sharp9" "$tree/bin/sharp9"
cp "$work/sharp9.1" "$tree/share/man/man1/sharp9.1"
cp "$work/completion.bash" "$tree/share/bash-completion/completions/sharp9"
cp "$work/completion.zsh" "$tree/share/zsh/site-functions/_sharp9"
cp "$work/completion.fish" "$tree/share/fish/vendor_completions.d/sharp9.fish"
[[ -z $license ]] || cp "$license" "$tree/LICENSE"
libraries=$(echo "$depends" | sed -E 's/ \([^)]*\)//g; s/,//g')
cat >"$tree/README" <<EOF
$version_line, for $tar_arch Linux

A slow-down / pitch / loop practice tool for musicians. The Swift runtime is built in; the
binary needs these system libraries (Debian and Ubuntu package names):

  sudo apt-get install $libraries

Install, from this folder, for everyone (or copy bin/ and share/ to ~/.local/ for yourself):

  sudo cp -r bin share /usr/local/

Then \`sharp9 --help\` and \`man sharp9\`. Bash, zsh and fish complete its commands (zsh from
~/.local once ~/.local/share/zsh/site-functions is in your fpath).
EOF
normalize "$work/tar"
tar_name="$name-linux-$tar_arch.tar.gz"
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --format=gnu \
  -C "$work/tar" -cf - "$name" | gzip -9n >"$work/$tar_name"

# Replace the previous run's packages: copied beside them first, then renamed into place.
mkdir -p "$out"
for file in "$tar_name" "$deb_name"; do
  cp "$work/$file" "$out/.$file.partial"
done
shopt -s nullglob
for path in "$out"/sharp9-*-linux-*.tar.gz "$out"/sharp9_*_*.deb; do
  [[ ${path##*/} == "$tar_name" || ${path##*/} == "$deb_name" ]] || rm -f "$path"
done
for file in "$tar_name" "$deb_name"; do
  mv -f "$out/.$file.partial" "$out/$file"
  step "$out/$file ($(du -h --apparent-size "$out/$file" | cut -f1))"
  echo "$out/$file"
done
