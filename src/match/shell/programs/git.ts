// git: global options before the subcommand, each subcommand's options
// (abbreviations allowed, as git accepts `--ha` for `--hard`), and every
// place git runs a command of the caller's choosing — config keys, hooks,
// `rebase --exec`, `bisect run`, `difftool -x`, `grep -O`, filter-branch
// filters, `ext::` URLs, and the environment variables it reads.
import { CREDENTIAL_OUTPUT } from "./credentials.ts";
import type { ProgramSpec } from "./spec.ts";

/** git's credential helpers, run as `git credential-<name> get`. */
const CREDENTIAL_HELPERS = ["credential-store", "credential-cache", "credential-osxkeychain", "credential-manager", "credential-manager-core", "credential-libsecret", "credential-wincred", "credential-gnome-keyring"];

const sub = (options: ProgramSpec["options"] = {}, operands: ProgramSpec["operands"] = ["value", "path"], extra: Partial<ProgramSpec> = {}): ProgramSpec => ({
  options,
  operands,
  abbreviations: true,
  ...extra,
});

const MESSAGE = { "-m": "value", "--message": "value", "-F": "read", "--file": "read", "-C": "value", "-c": "value", "--reuse-message": "value", "--reedit-message": "value", "--author": "value", "--date": "value", "-t": "read", "--template": "read", "--fixup": "value", "--squash": "value", "--trailer": "value", "--cleanup": "value", "--pathspec-from-file": "read" } as const;
const DIFF_OUTPUT = { "--output": "write", "-O": "read", "--stat": "value", "-U": "value", "--unified": "value", "--diff-filter": "value", "--relative": "path", "-G": "pattern", "-S": "pattern", "--format": "value", "--pretty": "value", "-n": "value", "--max-count": "value", "--since": "value", "--until": "value", "--author": "pattern", "--grep": "pattern", "--word-diff-regex": "pattern", "--color-words": "value", "--abbrev": "value", "--encoding": "value", "-L": "value" } as const;
const REMOTE = { "--upload-pack": "shell", "--receive-pack": "shell", "--exec": "shell", "--depth": "value", "--shallow-since": "value", "--shallow-exclude": "value", "-j": "value", "--jobs": "value", "--refmap": "value", "-o": "value", "--server-option": "value", "--push-option": "value", "--negotiation-tip": "value", "--recurse-submodules": "value", "--strategy": "value", "-s": "value", "-X": "value", "--strategy-option": "value", "--repo": "url" } as const;

export const GIT: ProgramSpec = {
  options: {
    "-C": "path", "-c": "code:git-config", "--config-env": "value", "--git-dir": "path", "--work-tree": "path", "--namespace": "value",
    "--exec-path": "path", "--super-prefix": "value", "--list-cmds": "value", "--attr-source": "value",
  },
  operands: ["value"],
  env: {
    GIT_SSH_COMMAND: "shell", GIT_SSH: "argv", GIT_PAGER: "shell", PAGER: "shell", GIT_EDITOR: "shell", EDITOR: "shell", VISUAL: "shell",
    GIT_SEQUENCE_EDITOR: "shell", GIT_EXTERNAL_DIFF: "shell", GIT_ASKPASS: "argv", SSH_ASKPASS: "argv", GIT_PROXY_COMMAND: "argv",
    GIT_CONFIG_PARAMETERS: "code:git-config-parameters", GIT_EXEC_PATH: "path", GIT_TEMPLATE_DIR: "path", GIT_CONFIG_GLOBAL: "read", GIT_CONFIG_SYSTEM: "read",
  },
  abbreviations: true,
  subcommands: {
    push: sub({ ...REMOTE, "--force": "flag", "-f": "flag", "--force-with-lease": "flag", "--force-if-includes": "flag", "--delete": "flag", "-d": "flag", "--mirror": "flag", "--prune": "flag", "--all": "flag", "--tags": "flag", "--follow-tags": "flag", "--atomic": "flag", "--dry-run": "flag", "-n": "flag", "--set-upstream": "flag", "-u": "flag", "--no-verify": "flag", "--verbose": "flag", "--quiet": "flag", "--signed": "flag", "--recurse-submodules": "flag", "--porcelain": "flag", "--thin": "flag", "--no-thin": "flag" }, ["url", "value"]),
    fetch: sub({ ...REMOTE }, ["url", "value"]),
    pull: sub({ ...REMOTE }, ["url", "value"]),
    clone: sub({ ...REMOTE, "-u": "shell", "-c": "code:git-config", "--config": "code:git-config", "--template": "path", "--reference": "path", "--reference-if-able": "path", "--separate-git-dir": "path", "-b": "value", "--branch": "value", "--origin": "value", "--filter": "value" }, ["url", "write"]),
    "ls-remote": sub({ ...REMOTE }, ["url", "value"]),
    archive: sub({ "-o": "write", "--output": "write", "--remote": "url", "--exec": "shell", "--format": "value", "--prefix": "value" }, ["value", "path"]),
    remote: sub({}, ["value"], { subcommands: { add: sub({ "-t": "value", "-m": "value", "--mirror": "value" }, ["value", "url"]), "set-url": sub({}, ["value", "url"]), remove: sub({}, ["value"]), rm: sub({}, ["value"]), rename: sub({}, ["value"]), prune: sub({}, ["value"]) } }),
    reset: sub({ "--hard": "flag", "--soft": "flag", "--mixed": "flag", "--merge": "flag", "--keep": "flag", "--quiet": "flag", "--no-refresh": "flag", "--recurse-submodules": "flag", "--pathspec-from-file": "read" }, ["value", "path"]),
    clean: sub({ "-e": "pattern", "--exclude": "pattern", "--force": "flag", "--dry-run": "flag", "--quiet": "flag", "--interactive": "flag" }, ["path"]),
    checkout: sub({ "-b": "value", "-B": "value", "--orphan": "value", "--conflict": "value", "--pathspec-from-file": "read", "--force": "flag", "--ours": "flag", "--theirs": "flag", "--merge": "flag", "--detach": "flag", "--patch": "flag", "--track": "flag", "--no-track": "flag", "--quiet": "flag", "--overlay": "flag", "--no-overlay": "flag", "--ignore-skip-worktree-bits": "flag", "--recurse-submodules": "flag" }, ["value", "path"]),
    switch: sub({ "-c": "value", "-C": "value", "--create": "value", "--force-create": "value", "--orphan": "value", "--conflict": "value", "--discard-changes": "flag", "--force": "flag", "--merge": "flag", "--detach": "flag", "--guess": "flag", "--no-guess": "flag", "--track": "flag", "--quiet": "flag" }, ["value"]),
    restore: sub({ "-s": "value", "--source": "value", "--conflict": "value", "--pathspec-from-file": "read", "--staged": "flag", "--worktree": "flag", "--ours": "flag", "--theirs": "flag", "--merge": "flag", "--patch": "flag", "--quiet": "flag", "--overlay": "flag", "--no-overlay": "flag" }, ["path"]),
    branch: sub({ "-m": "flag", "-M": "flag", "-c": "flag", "-C": "flag", "--delete": "flag", "--force": "flag", "--move": "flag", "--copy": "flag", "--list": "flag", "--all": "flag", "--remotes": "flag", "--verbose": "flag", "-u": "value", "--set-upstream-to": "value", "--contains": "value", "--no-contains": "value", "--merged": "value", "--no-merged": "value", "--points-at": "value", "--sort": "value", "--format": "value" }, ["value"]),
    tag: sub({ ...MESSAGE, "-u": "value", "--local-user": "value" }, ["value"]),
    stash: sub({ ...MESSAGE }, ["value"], { subcommands: { push: sub({ ...MESSAGE }, ["path"]), save: sub({}, ["value"]), pop: sub({}, ["value"]), apply: sub({}, ["value"]), drop: sub({}, ["value"]), clear: sub({}, ["value"]), list: sub({}, ["value"]), show: sub({}, ["value"]), branch: sub({}, ["value"]), create: sub({}, ["value"]), store: sub({ ...MESSAGE }, ["value"]) } }),
    rebase: sub({ "-x": "shell", "--exec": "shell", "--interactive": "flag", "--continue": "flag", "--abort": "flag", "--skip": "flag", "--autosquash": "flag", "--autostash": "flag", "--root": "flag", "--force-rebase": "flag", "--rebase-merges": "flag", "--onto": "value", "-s": "value", "--strategy": "value", "-X": "value", "--strategy-option": "value", "-C": "value", "--whitespace": "value", "--empty": "value" }, ["value"]),
    bisect: sub({}, ["value"], { subcommands: { run: sub({}, ["argv"]), start: sub({ "--term-old": "value", "--term-new": "value" }, ["value", "path"]), good: sub(), bad: sub(), new: sub(), old: sub(), skip: sub(), reset: sub(), log: sub(), replay: sub({}, ["read"]), visualize: sub(), view: sub() } }),
    difftool: sub({ "-x": "shell", "--extcmd": "shell", "-t": "value", "--tool": "value", "--dir-diff": "flag" }, ["value", "path"]),
    mergetool: sub({ "-t": "value", "--tool": "value" }, ["path"]),
    grep: sub({ "-O": "shell", "--open-files-in-pager": "shell", "-e": "pattern", "-f": "read", "--max-depth": "value", "-m": "value", "--max-count": "value", "-A": "value", "-B": "value", "-C": "value", "--threads": "value" }, ["pattern", "path"], { replacesFirstOperand: ["-e", "-f"] }),
    log: sub({ ...DIFF_OUTPUT }, ["value", "path"]),
    show: sub({ ...DIFF_OUTPUT }, ["value", "path"]),
    // `git diff A B` reads files outside the repository too (--no-index is implied there).
    diff: sub({ ...DIFF_OUTPUT }, ["read"]),
    "format-patch": sub({ ...DIFF_OUTPUT, "-o": "path", "--output-directory": "path", "--to": "value", "--cc": "value", "--subject-prefix": "value" }, ["value"]),
    "send-email": sub({ "--sendmail-cmd": "shell", "--smtp-server": "value", "--to": "value", "--cc": "value", "--bcc": "value", "--from": "value", "--to-cmd": "shell", "--cc-cmd": "shell", "--header-cmd": "shell" }, ["read"]),
    config: sub({ "-f": "write", "--file": "write", "--blob": "value", "--type": "value", "--default": "value", "-e": "flag", "--edit": "flag" }, ["value", "value"]),
    commit: sub({ ...MESSAGE }, ["path"]),
    add: sub({ "--chmod": "value", "--pathspec-from-file": "read" }, ["path"]),
    rm: sub({ "--pathspec-from-file": "read" }, ["path"]),
    mv: sub({}, ["path"], { lastOperand: "write" }),
    am: sub({ "--exec": "shell" }, ["read"]),
    apply: sub({ "--directory": "path", "--exclude": "pattern", "--include": "pattern", "-p": "value" }, ["read"]),
    submodule: sub({}, ["value"], { subcommands: { foreach: sub({}, ["shell-words"]), add: sub({ "-b": "value", "--name": "value", "--reference": "path" }, ["url", "write"]), update: sub({ "--reference": "path", "--depth": "value", "-j": "value" }, ["path"]), init: sub({}, ["path"]), deinit: sub({}, ["path"]), sync: sub({}, ["path"]), status: sub({}, ["path"]), summary: sub(), "set-url": sub({}, ["path", "url"]), absorbgitdirs: sub() } }),
    worktree: sub({}, ["value"], { subcommands: { add: sub({ "-b": "value", "-B": "value", "--reason": "value" }, ["write", "value"]), remove: sub({}, ["path"]), prune: sub({ "--expire": "value" }), list: sub(), lock: sub({ "--reason": "value" }, ["path"]), unlock: sub({}, ["path"]), move: sub({}, ["path", "write"]), repair: sub({}, ["path"]) } }),
    "filter-branch": sub({ "--tree-filter": "shell", "--index-filter": "shell", "--msg-filter": "shell", "--env-filter": "shell", "--commit-filter": "shell", "--parent-filter": "shell", "--tag-name-filter": "shell", "--subdirectory-filter": "path", "-d": "path", "--original": "value", "--setup": "shell" }, ["value"]),
    "filter-repo": sub({ "--path": "path", "--invert-paths": "flag", "--replace-text": "read", "--paths-from-file": "read", "--force": "flag" }, ["value"]),
    "update-ref": sub({ "-m": "value", "--stdin": "flag" }, ["value"]),
    reflog: sub({}, ["value"], { subcommands: { expire: sub({ "--expire": "value", "--expire-unreachable": "value" }, ["value"]), delete: sub({}, ["value"]), show: sub(), exists: sub() } }),
    gc: sub({ "--prune": "value" }, ["value"]),
    prune: sub({ "--expire": "value" }, ["value"]),
    merge: sub({ ...MESSAGE, "-s": "value", "--strategy": "value", "-X": "value", "--strategy-option": "value", "--into-name": "value" }, ["value"]),
    "cherry-pick": sub({ "-m": "value", "--mainline": "value", "-s": "flag", "-X": "value", "--strategy": "value" }, ["value"]),
    revert: sub({ "-m": "value", "--mainline": "value", "-X": "value", "--strategy": "value" }, ["value"]),
    init: sub({ "--template": "path", "--separate-git-dir": "path", "-b": "value", "--initial-branch": "value", "--shared": "value", "--object-format": "value" }, ["write"]),
    status: sub({ "--ignored": "flag", "--ignore-submodules": "value", "--column": "value" }, ["path"]),
    "ls-files": sub({ "-x": "pattern", "--exclude": "pattern", "-X": "read", "--exclude-from": "read", "--exclude-per-directory": "value", "--format": "value" }, ["path"]),
    blame: sub({ "-L": "value", "-S": "read", "--contents": "read", "--ignore-rev": "value", "--ignore-revs-file": "read", "-C": "value", "-M": "value" }, ["value", "path"]),
    "rev-parse": sub({}, ["value"]),
    "hash-object": sub({ "-t": "value", "--path": "path" }, ["read"]),
    "cat-file": sub({ "--batch": "value", "--filters": "flag", "--textconv": "flag", "--path": "path" }, ["value"]),
    // `credential fill` and a helper's `get` print the stored password or token.
    credential: sub({}, ["value"], { subcommands: { fill: sub({}, ["value"], { tags: [CREDENTIAL_OUTPUT] }) } }),
    ...Object.fromEntries(CREDENTIAL_HELPERS.map((helper) => [helper, sub(helper === "credential-store" ? { "--file": "read" } : {}, ["value"], { subcommands: { get: sub({}, ["value"], { tags: [CREDENTIAL_OUTPUT] }) } })])),
    lfs: sub({}, ["value"]),
    sparse: sub(),
    "sparse-checkout": sub({}, ["value", "path"]),
    notes: sub({ ...MESSAGE, "--ref": "value" }, ["value"]),
    bundle: sub({}, ["value"], { subcommands: { create: sub({}, ["write", "value"]), verify: sub({}, ["read"]), "list-heads": sub({}, ["read"]), unbundle: sub({}, ["read"]) } }),
    "instaweb": sub({ "-d": "value", "--httpd": "shell", "-b": "shell", "--browser": "shell", "-p": "port", "--port": "port" }, ["value"]),
    "web--browse": sub({ "-b": "shell", "--browser": "shell", "-t": "value", "-c": "value" }, ["url"]),
    daemon: sub({ "--base-path": "path", "--pid-file": "write", "--listen": "value", "--port": "port", "--user": "value", "--group": "value" }, ["path"]),
    "upload-pack": sub({}, ["path"]),
    "receive-pack": sub({}, ["path"]),
    help: sub({ "-w": "flag", "--web": "flag" }, ["value"]),
  },
};
