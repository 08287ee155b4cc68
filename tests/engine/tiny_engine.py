#!/usr/bin/env python3
"""A tiny external engine for the engine-protocol tests (docs/ENGINE-PROTOCOL.md).

It knows no rules: it plays the first move of the host's `legal` list, or misbehaves as told by
its first argument, so that the tests can see the host survive it:
  first      play the first legal move (default)
  last       play the last legal move
  illegal    answer `bestmove place 99,99 r0`
  garbage    answer `hello` with nonsense
  silent     never answer `go`
  crash      exit on `go`
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "first"
legal = []
for line in sys.stdin:
    command, _, rest = line.strip().partition(" ")
    if command == "hello":
        print("nonsense" if mode == "garbage" else "hello 1 tiny-" + mode, flush=True)
    elif command in ("setup", "position"):
        print("ok", flush=True)
    elif command == "legal":
        legal = [move.strip() for move in rest.split(";")]
        print("ok", flush=True)
    elif command == "go":
        if mode == "silent":
            continue
        if mode == "crash":
            sys.exit(3)
        if mode == "illegal":
            print("bestmove place 99,99 r0", flush=True)
        else:
            print("info thinking", flush=True)
            print("bestmove " + (legal[-1] if mode == "last" else legal[0]), flush=True)
    elif command == "quit":
        break
    else:
        print("error bad_notation unknown command", flush=True)
