#!/usr/bin/env python3
"""The tutorial's hello-ext in Python with only the standard library: the
baseline synaps-policy is measured against in `bun run bench`."""
import json
import re
import sys

IN = sys.stdin.buffer
OUT = sys.stdout.buffer

HELLO = {
    "name": "hello",
    "description": "Greets someone by name.",
    "input_schema": {"type": "object", "properties": {"name": {"type": "string"}}},
}


def read_frame():
    length = None
    while True:
        line = IN.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("latin1").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    if length is None:
        return b""
    return IN.read(length)


def send(message):
    body = json.dumps(message, separators=(",", ":")).encode()
    OUT.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    OUT.flush()


def guard(event):
    if event.get("kind") != "before_tool_call" or event.get("tool_name") != "bash":
        return {"action": "continue"}
    command = (event.get("tool_input") or {}).get("command") or ""
    for segment in re.split(r"&&|\|\||[;|&\n]", command):
        words = segment.split()
        if not words or words[0].rsplit("/", 1)[-1] != "rm":
            continue
        flags = "".join(w for w in words if re.fullmatch(r"-[a-zA-Z]+", w))
        recursive = "r" in flags.lower() or "--recursive" in words
        forced = "f" in flags or "--force" in words
        targets = [w for w in words[1:] if not w.startswith("-")]
        if recursive and forced and any(not t.startswith("/tmp/") for t in targets):
            return {"action": "block", "reason": "Recursive forced delete outside /tmp: " + segment.strip()}
    return {"action": "continue"}


def handle(method, params):
    if method == "initialize":
        return {"protocol_version": 1, "capabilities": {"tools": [HELLO]}}
    if method == "tool.call":
        name = ((params or {}).get("input") or {}).get("name") or "world"
        text = "Hello, %s! (from hello-ext)" % name
        return {"content": text, "output": text}
    if method == "hook.handle":
        return guard(params or {})
    return None


def main():
    while True:
        body = read_frame()
        if body is None:
            return
        try:
            request = json.loads(body)
        except ValueError:
            send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
            continue
        if "id" not in request:
            continue
        send({"jsonrpc": "2.0", "id": request["id"], "result": handle(request.get("method"), request.get("params"))})
        if request.get("method") == "shutdown":
            return


if __name__ == "__main__":
    main()
