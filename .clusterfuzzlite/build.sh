#!/bin/bash -eu
# Builds every cargo-fuzz target of coinline into $OUT, each with its
# committed corpus (corpus/<target>/) as $OUT/<target>_seed_corpus.zip.
#
# In ClusterFuzzLite's container (.clusterfuzzlite/Dockerfile) the builder
# sets SRC, OUT, WORK and SANITIZER (address, or coverage for coverage
# builds); nightly Rust and cargo-fuzz are installed, and targets are built
# with `cargo fuzz build -O` (cargo-fuzz adds the sanitizer flags).
#
# Outside the container the same script runs with these variables given
# (scripts/cflite-build-check.sh does that):
#   SRC        the directory holding the checkout as coinline/ (default: the
#              parent of this checkout, if the checkout is named coinline)
#   PROJECT    the checkout itself (default: $SRC/coinline)
#   OUT        where the fuzz targets go (required)
#   (WORK, the builder's scratch directory, is not used.)
#   SANITIZER  none builds with `cargo fuzz build -s none` on the stable
#              toolchain (default outside the container); anything else
#              builds with `cargo fuzz build -O` and cargo-fuzz's sanitizer.
#   FUZZ_BUILD_FLAGS  replaces the cargo fuzz build flags chosen above.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${SRC:=$(dirname "$here")}"
: "${PROJECT:=$SRC/coinline}"
[ -d "$PROJECT/fuzz" ] || PROJECT=$here
: "${OUT:?set OUT to the directory the fuzz targets are written to}"
: "${SANITIZER:=none}"
mkdir -p "$OUT"

cd "$PROJECT"
if [ -n "${FUZZ_BUILD_FLAGS:-}" ]; then
    read -ra flags <<<"$FUZZ_BUILD_FLAGS"
elif [ "$SANITIZER" = none ]; then
    flags=(-s none)
else
    flags=(-O)
fi
# cargo fuzz has no --locked: refuse a stale fuzz/Cargo.lock first.
cargo fetch --locked --manifest-path fuzz/Cargo.toml
cargo fuzz build "${flags[@]}"

# cargo-fuzz always builds for the host triple, in release mode.
# (In the target directory cargo reports: CARGO_TARGET_DIR is honoured.)
source scripts/lib/cargo-paths.sh
built=$(fuzz_binary_dir)
for target in $(cargo fuzz list); do
    cp "$built/$target" "$OUT/"
    if [ -d "corpus/$target" ]; then
        seed_zip=$OUT/${target}_seed_corpus.zip
        rm -f "$seed_zip"
        mapfile -t files < <(cd "corpus/$target" && find . -maxdepth 1 -type f ! -name '.*' -printf '%f\n' | sort)
        if command -v zip >/dev/null; then
            (cd "corpus/$target" && zip -q -X "$seed_zip" "${files[@]}")
        else
            (cd "corpus/$target" && python3 -m zipfile -c "$seed_zip" "${files[@]}")
        fi
    fi
done
