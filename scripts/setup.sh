#!/usr/bin/env bash
# Puts the synaps-policy executable into this plugin folder.
#
# SynapsCLI runs this script (`bash scripts/setup.sh`, from the plugin folder)
# after it installs the plugin from a marketplace or a git clone, because the
# repository holds no binary. It downloads the release archive for this
# platform, checks it against the release's SHA256SUMS, proves the binary
# starts, and only then moves it into bin/. Your policy and audit log live
# outside this folder (~/.synaps-cli/synaps-policy/) and are never touched;
# neither are an older install's policy.toml, logs/ or the settings (config).
#
# Written for the oldest bash in use (macOS's 3.2): no mapfile, no ${x,,},
# no associative arrays.

set -euo pipefail

USAGE='Usage: bash scripts/setup.sh [--version TAG] [--base-url URL] [--check | --update | --from-source]
  (no option)      install the latest release, unless the binary in bin/ is already this version
  --version TAG    install that release (for example v0.1.0) instead of the latest
  --base-url URL   download from URL, a folder holding SHA256SUMS and the archives (a mirror)
  --check          check the installed binary: present, starts, the version the manifest names
  --update         download and install again, even when the installed binary is current
  --from-source    build with Bun from this folder'"'"'s sources instead of downloading
'

say() { printf 'setup: %s\n' "$*"; }
fail() {
  printf 'setup: error: %s\n' "$*" >&2
  exit 1
}
usage_error() {
  printf 'setup: %s\n\n%s' "$1" "$USAGE" >&2
  exit 2
}

PLUGIN_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$PLUGIN_DIR"
MANIFEST=.synaps-plugin/plugin.json
[ -f "$MANIFEST" ] || fail "$PLUGIN_DIR/$MANIFEST is missing; run this script from inside a synaps-policy plugin folder"

TAG=latest
BASE_URL=
MODE=install
while [ $# -gt 0 ]; do
  case "$1" in
    --version)
      [ $# -ge 2 ] || usage_error "--version needs a release tag, for example v0.1.0"
      TAG=$2
      shift
      ;;
    --version=*) TAG=${1#--version=} ;;
    --base-url)
      [ $# -ge 2 ] || usage_error "--base-url needs a URL"
      BASE_URL=$2
      shift
      ;;
    --base-url=*) BASE_URL=${1#--base-url=} ;;
    --check) MODE=check ;;
    --update) MODE=update ;;
    --from-source) MODE=source ;;
    -h | --help)
      printf '%s' "$USAGE"
      exit 0
      ;;
    *) usage_error "unknown option $1" ;;
  esac
  shift
done
[ -n "$TAG" ] || usage_error "--version needs a release tag, for example v0.1.0"

# The first "key": "value" line of the manifest: the top-level field for
# version and repository, the extension's for command.
manifest_field() {
  sed -n "s/^ *\"$1\": *\"\\([^\"]*\\)\".*/\\1/p" "$MANIFEST" | head -n 1
}

WANTED_VERSION=$(manifest_field version)
REPOSITORY=$(manifest_field repository)
COMMAND=$(manifest_field command)
[ -n "$COMMAND" ] || fail "$MANIFEST names no extension.command"

# This machine as a release target name (linux-x64, darwin-arm64, windows-x64, …).
detect_target() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN*) os=windows ;;
    *) return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) return 1 ;;
  esac
  # An x64 shell under Rosetta on Apple silicon still gets the native build.
  if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
    arch=arm64
  fi
  printf '%s-%s\n' "$os" "$arch"
}

TARGET=$(detect_target || true)
case "$TARGET" in
  windows-*)
    ARCHIVE_KIND=zip
    BINARY="$COMMAND.exe"
    ;;
  *)
    ARCHIVE_KIND=tar.gz
    BINARY=$COMMAND
    ;;
esac

# "synaps-policy 0.1.0 (…)" → 0.1.0; empty when the binary does not start.
version_of() {
  local out
  out=$("$1" --version 2>/dev/null) || return 0
  printf '%s\n' "$out" | sed -n 's/^synaps-policy \([^ ]*\).*/\1/p' | head -n 1
}

check_installed() {
  [ -f "$BINARY" ] || fail "$PLUGIN_DIR/$BINARY is not installed; run: bash scripts/setup.sh"
  [ -x "$BINARY" ] || fail "$PLUGIN_DIR/$BINARY is not executable; run: bash scripts/setup.sh --update"
  local have
  have=$(version_of "$BINARY")
  [ -n "$have" ] || fail "$PLUGIN_DIR/$BINARY does not start on this machine; run: bash scripts/setup.sh --update"
  if [ "$have" != "$WANTED_VERSION" ]; then
    fail "$BINARY is synaps-policy $have but $MANIFEST is for $WANTED_VERSION; run: bash scripts/setup.sh --update"
  fi
  say "ok: $BINARY is synaps-policy $have and starts"
}

# Nothing to do when a working binary of the wanted version is already in place.
already_current() {
  [ -x "$BINARY" ] || return 1
  local have want
  have=$(version_of "$BINARY")
  want=$WANTED_VERSION
  [ "$TAG" = latest ] || want=${TAG#v}
  [ -n "$have" ] && [ "$have" = "$want" ]
}

fetch() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 --connect-timeout 20 -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    fail "neither curl nor wget is installed; install one of them, then run: bash scripts/setup.sh"
  fi
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/^.*= *//'
  else
    fail "no sha256sum, shasum or openssl to check the download with; install one of them"
  fi
}

unpack() {
  case "$1" in
    *.tar.gz) tar -xzf "$1" -C "$2" ;;
    *.zip)
      if command -v unzip >/dev/null 2>&1; then
        unzip -q "$1" -d "$2"
      else
        tar -xf "$1" -C "$2"
      fi
      ;;
  esac
}

WORK=
cleanup() {
  if [ -n "$WORK" ]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Where the release lives: a mirror, a tagged release, or the latest one.
release_url() {
  if [ -n "$BASE_URL" ]; then
    printf '%s\n' "${BASE_URL%/}"
  elif [ "$TAG" = latest ]; then
    printf '%s/releases/latest/download\n' "$REPOSITORY"
  else
    printf '%s/releases/download/%s\n' "$REPOSITORY" "$TAG"
  fi
}

# "<sha256> <archive>" for this target from SHA256SUMS, or nothing.
pick_asset() {
  awk -v suffix="-$TARGET.$ARCHIVE_KIND" '{
    name = $2; sub(/^\*/, "", name)
    if (name !~ /\// && length(name) > length(suffix) && substr(name, length(name) - length(suffix) + 1) == suffix) { print $1, name; exit }
  }' "$1"
}

# The first symbolic link under a folder, or nothing (bash alone: no find).
first_link() {
  local entry
  for entry in "$1"/* "$1"/.[!.]* "$1"/..?*; do
    if [ -L "$entry" ]; then
      printf '%s\n' "$entry"
      return 0
    fi
    if [ -d "$entry" ] && first_link "$entry"; then return 0; fi
  done
  return 1
}

# Download, verify and install the release binary. Sets NO_ASSET when the
# release has no archive for this platform (then a source build may help);
# every other problem is an error, and a checksum mismatch is never a reason
# to build instead: it may be tampering.
NO_ASSET=
install_release() {
  if [ -z "$TARGET" ]; then
    NO_ASSET=1
    return 0
  fi
  local base sums expected name actual archive unpacked version
  base=$(release_url)
  WORK=$(mktemp -d "$PLUGIN_DIR/.setup.XXXXXX")
  sums="$WORK/SHA256SUMS"
  say "downloading $base/SHA256SUMS"
  fetch "$base/SHA256SUMS" "$sums" || fail "cannot download $base/SHA256SUMS; check the network, the release tag ($TAG) or --base-url, or build from source: bash scripts/setup.sh --from-source"
  read -r expected name <<EOF || true
$(pick_asset "$sums")
EOF
  if [ -z "${name:-}" ]; then
    say "the release at $base has no archive for $TARGET"
    NO_ASSET=1
    return 0
  fi
  archive="$WORK/$name"
  say "downloading $base/$name"
  fetch "$base/$name" "$archive" || fail "cannot download $base/$name; nothing was installed"
  actual=$(sha256_of "$archive")
  if [ "$actual" != "$expected" ]; then
    fail "checksum mismatch for $name: SHA256SUMS says $expected, the download is $actual. The archive is corrupt or has been tampered with; nothing was installed. Try again later, and report it at $REPOSITORY/issues if it persists."
  fi
  say "checksum verified: $name"
  unpacked="$WORK/unpacked"
  mkdir "$unpacked"
  unpack "$archive" "$unpacked" || fail "cannot unpack $name; nothing was installed"
  # A release archive holds only regular files: a link would make chmod, the
  # version check and the move act on whatever it points to.
  local link
  link=$(first_link "$unpacked" || true)
  [ -z "$link" ] || fail "$name holds a symbolic link (${link#"$unpacked"/}), which no release archive has; it is not followed and nothing was installed"
  [ -f "$unpacked/$BINARY" ] || fail "$name holds no $BINARY; nothing was installed"
  chmod 755 "$unpacked/$BINARY"
  version=$(version_of "$unpacked/$BINARY")
  [ -n "$version" ] || fail "the $TARGET binary from $name does not start on this machine; nothing was installed"
  if [ "$TAG" != latest ] && [ "$version" != "${TAG#v}" ]; then
    fail "$base holds synaps-policy $version, not $TAG; nothing was installed"
  fi
  put_in_place "$unpacked"
  say "installed synaps-policy $version ($TARGET) in $PLUGIN_DIR/bin"
}

# Move the unpacked files over the installed ones: each a rename within this
# folder, so nothing is ever half-written. Never a file of the user's (they
# live outside the plugin folder, in ~/.synaps-cli/synaps-policy/), and in a
# checkout of the repository nothing it tracks (a clone must stay clean for
# `git pull`); in a folder unpacked from an archive the manifest too, so its
# settings' defaults match the binary.
put_in_place() {
  local from=$1 file
  mkdir -p bin
  for file in policy.schema.json policy.example.toml; do
    if [ -f "$from/$file" ]; then mv -f "$from/$file" "$file"; fi
  done
  if [ ! -e .git ] && [ ! -f package.json ] && [ -f "$from/$MANIFEST" ]; then mv -f "$from/$MANIFEST" "$MANIFEST"; fi
  # On Windows the command is a stub beside the real .exe; the .exe goes last.
  if [ "$BINARY" != "$COMMAND" ] && [ -f "$from/$COMMAND" ]; then
    chmod 755 "$from/$COMMAND"
    mv -f "$from/$COMMAND" "$COMMAND"
  fi
  mv -f "$from/$BINARY" "$BINARY"
}

build_from_source() {
  local bun_wanted
  if [ ! -f package.json ] || [ ! -f build.ts ]; then
    fail "this folder has no sources to build from. Download the archive for your platform from $REPOSITORY/releases, unpack it and run bin/synaps-policy install; or clone $REPOSITORY and run: bun install && bun run build && bin/synaps-policy install"
  fi
  bun_wanted=$(sed -n 's/.*"packageManager": *"bun@\([^"]*\)".*/\1/p' package.json | head -n 1)
  if ! command -v bun >/dev/null 2>&1; then
    fail "Bun is not installed, so synaps-policy cannot be built here. Install Bun ${bun_wanted:-(latest)} (npm install -g bun@${bun_wanted:-latest} --allow-scripts=bun, or see https://bun.sh), then run: bash scripts/setup.sh --from-source"
  fi
  say "building synaps-policy from source with bun $(bun --version)"
  bun install --frozen-lockfile || fail "bun install failed; nothing was installed"
  bun run build || fail "bun run build failed; see the messages above"
  [ -n "$(version_of "$BINARY")" ] || fail "the binary built from source does not start; see the messages above"
  say "built synaps-policy $(version_of "$BINARY") in $PLUGIN_DIR/bin"
}

case "$MODE" in
  check)
    check_installed
    exit 0
    ;;
  source)
    build_from_source
    exit 0
    ;;
  install)
    if already_current; then
      say "$BINARY is already synaps-policy $(version_of "$BINARY"); nothing to do (use --update to download it again)"
      exit 0
    fi
    ;;
esac

install_release
if [ -n "$NO_ASSET" ]; then
  say "no prebuilt synaps-policy for ${TARGET:-this platform ($(uname -s) $(uname -m))}; building from source instead"
  build_from_source
fi
