#!/usr/bin/env bash
# CI: the libFuzzer targets, FUZZ_SECONDS (60) each, in the configured
# build directory _build (./quickstart test made it).  Installs clang and
# libFuzzer's runtime, which Debian 12 ships apart from clang in
# libclang-rt-14-dev, then runs `make fuzz` (tests/fuzz/local.mk); any
# finding fails the step, and its input stays in
# _build/tests/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
if ! dpkg -s clang-14 libclang-rt-14-dev >/dev/null 2>&1; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    clang-14 libclang-rt-14-dev
fi

# configure looks for clang when it runs: run it again, with the options
# _build was configured with, now that clang is there.
(cd _build && ./config.status --recheck >/dev/null && ./config.status >/dev/null)
make -C _build -j"$(nproc)" >/dev/null
make -C _build -j"$(nproc)" fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
