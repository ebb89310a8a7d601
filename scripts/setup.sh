#!/usr/bin/env bash
# Installs what weft needs on Debian 12 when it is missing: clang-19,
# llvm-19-dev (for the llvm-ir crate), libz3-dev and libc6-dev-i386 (for
# `-m32`). Safe to run repeatedly.
set -euo pipefail
need=()
command -v clang-19 >/dev/null 2>&1 || need+=(clang-19)
command -v opt-19 >/dev/null 2>&1 || need+=(llvm-19)
command -v llvm-config-19 >/dev/null 2>&1 || need+=(llvm-19-dev)
[ -e /usr/include/z3.h ] || need+=(libz3-dev)
# The i386 C library headers and start files, for `-m32` (the ILP32 data
# model: `weft check --data-model ILP32`, ILP32 SV-COMP tasks, and the
# native comparison of tests/native's ILP32 programs).
[ -e /usr/lib32/crt1.o ] || need+=(libc6-dev-i386)
# Linking the native i386 programs also needs the 32-bit libgcc and its
# start files (a recommendation of libc6-dev-i386, which apt may skip).
ls /usr/lib/gcc/x86_64-linux-gnu/*/32/crtbegin.o >/dev/null 2>&1 || need+=(gcc-multilib)
if ((${#need[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
