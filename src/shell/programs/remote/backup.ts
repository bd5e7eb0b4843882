// Backup tools: restic, borg, kopia, duplicity, tarsnap, Velero. Forgetting,
// pruning, deleting or compacting backups and removing keys ask; a dry run
// (`-n`, `--dry-run`) does not. duplicity only deletes with `--force`.
import { DESTROY } from "./categories.ts";
import { destroys, destroysWith, dryRunWith, group, names, nounChain, type Options, printsCredential, readVerbs } from "./grammar.ts";
import { KUBECONFIG_OPTION } from "./kubernetes.ts";
import type { RemoteCli } from "./remote-cli.ts";

const RESTIC_OPTIONS: Options = {
  "-r": "value",
  "--repo": "value",
  "--repository-file": "read",
  "-p": "read",
  "--password-file": "read",
  "--password-command": "shell-helper",
  "--cache-dir": "path",
  "-o": "value",
  "--option": "value",
  "--tls-client-cert": "read",
  "--cacert": "read",
  "--limit-upload": "value",
  "--limit-download": "value",
  "--keep-last": "value",
  "--keep-daily": "value",
  "--keep-weekly": "value",
  "--keep-monthly": "value",
  "--keep-within": "value",
  "--tag": "value",
  "--host": "value",
};
const RESTIC_DRY_RUN = { tagsWith: dryRunWith("-n", "--dry-run") };

export const RESTIC: RemoteCli = {
  id: "restic",
  names: ["restic"],
  about: "restic",
  spec: group(
    "backup",
    {
      ...names(["forget", "prune"], destroys(RESTIC_OPTIONS, RESTIC_DRY_RUN)),
      key: group(undefined, { ...names(["remove", "rm"], destroys(RESTIC_OPTIONS)) }, RESTIC_OPTIONS),
      // `unlock --remove-all` drops every lock, a running backup's or prune's too: the repository can be damaged.
      unlock: destroysWith(["--remove-all"], RESTIC_OPTIONS),
      ...readVerbs(["snapshots", "ls", "check", "stats", "diff", "find", "cat"], RESTIC_OPTIONS),
    },
    RESTIC_OPTIONS,
    // The command that prints the repository's password, run before anything else.
    { env: { RESTIC_PASSWORD_COMMAND: "shell-helper" } },
  ),
  examples: {
    backup: {
      asks: ["restic -r s3:s3.amazonaws.com/acme-backups forget --keep-last 3 --prune", "restic prune", "restic key remove 4a5b", "restic unlock --remove-all"],
      passes: ["restic snapshots", "restic backup ~/projects", "restic forget --keep-last 3 --dry-run", "restic unlock"],
    },
  },
};

const BORG_OPTIONS: Options = {
  "--rsh": "shell",
  "--remote-path": "value",
  "--lock-wait": "value",
  "--keep-daily": "value",
  "--keep-weekly": "value",
  "--keep-monthly": "value",
  "--keep-last": "value",
  "-a": "value",
  "--glob-archives": "value",
};

export const BORG: RemoteCli = {
  id: "borg",
  names: ["borg", "borg2"],
  about: "BorgBackup",
  spec: group(
    "backup",
    {
      ...names(["delete", "prune", "compact", "recreate"], destroys(BORG_OPTIONS, { tagsWith: dryRunWith("-n", "--dry-run") })),
      // `key export` writes out the repository key: with the passphrase, whoever holds it reads every backup.
      key: group(undefined, { export: printsCredential(BORG_OPTIONS) }, BORG_OPTIONS),
      // `break-lock` removes the repository's locks even when a backup is still writing through them.
      "break-lock": destroys(BORG_OPTIONS),
      ...readVerbs(["list", "info", "check", "diff", "extract"], BORG_OPTIONS),
    },
    BORG_OPTIONS,
    // The passphrase command and the ssh replacement, run before the repository is opened.
    { env: { BORG_PASSCOMMAND: "shell-helper", BORG_RSH: "shell" } },
  ),
  examples: {
    backup: {
      asks: ["borg delete ssh://backup@nas/./repo::2023-01-01", "borg prune --keep-daily 7 /mnt/backup/repo", "borg break-lock ssh://backup@nas/./repo"],
      passes: ["borg list /mnt/backup/repo", "borg create /mnt/backup/repo::today ~/src", "borg prune --dry-run --keep-daily 7 /mnt/backup/repo"],
    },
  },
};

export const KOPIA: RemoteCli = {
  id: "kopia",
  names: ["kopia"],
  about: "Kopia",
  spec: group(
    "backup",
    {
      ...names(["snapshot", "snap"], group(undefined, { ...names(["delete", "expire"], destroysWith(["--delete"])), ...readVerbs(["list", "ls"]) })),
      ...names(["repository", "repo"], group(undefined, { delete: destroys() })),
      // Full maintenance with `--safety=none` deletes unreferenced data at once, even what a running snapshot still writes.
      maintenance: group(undefined, { run: destroysWith(["--safety=none"], { "--safety": "value" }) }),
      // Low-level deletes: a blob or content gone breaks every snapshot that refers to it. A policy deleted falls back
      // to the defaults' retention, and the next maintenance expires what it no longer keeps.
      blob: group(undefined, { delete: destroys(), gc: destroysWith(["--delete"]), ...readVerbs(["list", "show", "stats"]) }),
      content: group(undefined, { ...names(["delete", "rm"], destroys()), ...readVerbs(["list", "show", "stats", "verify"]) }),
      policy: group(undefined, { ...names(["delete", "remove", "rm"], destroys()), ...readVerbs(["list", "show", "get"]) }),
      // A repository user deleted can no longer reach its snapshots from its host.
      user: group(undefined, { delete: destroys(), ...readVerbs(["list", "info"]) }),
    },
    { "--config-file": "read", "--password": "value" },
  ),
  examples: {
    backup: {
      asks: [
        "kopia snapshot delete k1a2b3 --delete",
        "kopia snapshot expire --all --delete",
        "kopia maintenance run --full --safety=none",
        "kopia policy delete --global",
        "kopia blob gc --delete=yes",
        "kopia content delete 7a6b",
        "kopia user delete alice@laptop",
      ],
      passes: ["kopia snapshot list", "kopia snapshot delete k1a2b3", "kopia maintenance run --full", "kopia policy show --global", "kopia blob gc"],
    },
  },
};

export const DUPLICITY: RemoteCli = {
  id: "duplicity",
  names: ["duplicity"],
  about: "duplicity",
  spec: group("backup", {
    ...names(["remove-older-than", "remove-all-but-n-full", "remove-all-inc-of-but-n-full", "cleanup"], destroysWith(["--force"])),
    ...readVerbs(["collection-status", "list-current-files", "verify"]),
  }),
  examples: {
    backup: {
      asks: ["duplicity remove-older-than 6M --force s3://acme-backups/home"],
      passes: ["duplicity remove-older-than 6M s3://acme-backups/home", "duplicity collection-status s3://acme-backups/home"],
    },
  },
};

export const TARSNAP: RemoteCli = {
  id: "tarsnap",
  names: ["tarsnap"],
  about: "Tarsnap",
  spec: { ...destroysWith(["-d", "--nuke"], { "-f": "value", "--keyfile": "read", "--cachedir": "path" }), tags: ["backup"] },
  examples: { backup: { asks: ["tarsnap -d -f backup-2023-01-01", "tarsnap --nuke"], passes: ["tarsnap --list-archives", "tarsnap -c -f backup-today ~/src"] } },
};

export const VELERO: RemoteCli = {
  id: "velero",
  names: ["velero"],
  about: "Velero (Kubernetes backups)",
  spec: {
    ...nounChain(
      { ...names(["delete", "uninstall"], destroys()), ...readVerbs(["get", "describe", "logs"]) },
      { "-n": "value", "--namespace": "value", "--kubeconfig": KUBECONFIG_OPTION, "--kubecontext": "value" },
    ),
    tags: ["backup"],
  },
  examples: {
    backup: { asks: ["velero backup delete nightly-20240101 --confirm", "velero uninstall --force"], passes: ["velero backup get", "velero backup create pre-upgrade"] },
  },
};

// PostgreSQL backup managers: pgBackRest, Barman, WAL-G. `stanza-delete`
// removes a stanza's every backup and archived WAL, `expire` the backups past
// retention (or the `--set` named); `barman delete` one backup; `wal-g delete`
// only deletes with `--confirm` (without it, it lists what it would delete).
const PGBACKREST_OPTIONS: Options = {
  "--stanza": "value",
  "--config": "read",
  "--config-path": "path",
  "--repo": "value",
  "--set": "value",
  "--type": "value",
  "--pg1-path": "path",
  "--repo1-path": "path",
  "--log-level-console": "value",
  "--process-max": "value",
};

export const PGBACKREST: RemoteCli = {
  id: "pgbackrest",
  names: ["pgbackrest"],
  about: "pgBackRest",
  spec: group(
    "backup",
    { ...names(["stanza-delete", "expire"], destroys(PGBACKREST_OPTIONS)), ...readVerbs(["info", "check", "verify", "repo-ls", "version"], PGBACKREST_OPTIONS) },
    PGBACKREST_OPTIONS,
  ),
  examples: {
    backup: {
      asks: ["pgbackrest --stanza=app stanza-delete", "pgbackrest --stanza app --force stanza-delete", "pgbackrest expire --stanza=app --set=20260101-010101F"],
      passes: ["pgbackrest info", "pgbackrest --stanza=app check", "pgbackrest --stanza=app --type=full backup", "pgbackrest --stanza=app stop"],
    },
  },
};

const BARMAN_OPTIONS: Options = { "-c": "read", "--config": "read" };

export const BARMAN: RemoteCli = {
  id: "barman",
  names: ["barman", "barman-cloud-backup-delete"],
  about: "Barman",
  spec: group(
    "backup",
    { delete: destroys(BARMAN_OPTIONS), ...readVerbs(["list-backups", "list-backup", "show-backup", "check", "status", "list-servers"], BARMAN_OPTIONS) },
    BARMAN_OPTIONS,
  ),
  examples: {
    backup: {
      asks: ["barman delete pg-main oldest", "barman -c /etc/barman.conf delete pg-main 20260101T010101"],
      passes: ["barman list-backups pg-main", "barman backup pg-main"],
    },
  },
};

const WALG_OPTIONS: Options = { "--config": "read" };

export const WAL_G: RemoteCli = {
  id: "wal-g",
  names: ["wal-g", "wal-e"],
  about: "WAL-G",
  spec: group("backup", { delete: destroysWith(["--confirm"], WALG_OPTIONS), ...readVerbs(["backup-list", "wal-show", "wal-verify"], WALG_OPTIONS) }, WALG_OPTIONS),
  examples: {
    backup: {
      asks: ["wal-g delete retain FULL 3 --confirm", "wal-g delete everything FORCE --confirm", "wal-g delete before base_000000010000000000000005 --confirm"],
      passes: ["wal-g backup-list", "wal-g delete retain FULL 3", "wal-g backup-push /var/lib/postgresql/data"],
    },
  },
};

/**
 * rdiff-backup: removing increments (`--remove-older-than TIME`, or `remove increments --older-than TIME` in the new
 * syntax) deletes the history before TIME for good (`now`: every increment); `--force` also lets it overwrite or
 * regress a repository. `--list-increments`, `--verify`, a backup or a restore into a new directory pass.
 */
const RDIFF_OPTIONS: Options = { "--remove-older-than": "value", "--older-than": "value", "-r": "value", "--restore-as-of": "value", "--api-version": "value", "-v": "value" };

export const RDIFF_BACKUP: RemoteCli = {
  id: "rdiff-backup",
  names: ["rdiff-backup"],
  about: "rdiff-backup",
  spec: {
    options: RDIFF_OPTIONS,
    operands: ["read"],
    tags: ["backup"],
    tagsWith: { "--remove-older-than": [DESTROY], ...dryRunWith("--help") },
    subcommands: {
      remove: group(undefined, { increments: destroys(RDIFF_OPTIONS) }, RDIFF_OPTIONS),
      regress: destroys(RDIFF_OPTIONS),
      "*": { options: RDIFF_OPTIONS, operands: ["read"] },
    },
  },
  examples: {
    backup: {
      asks: [
        "rdiff-backup --remove-older-than now --force /backup/home",
        "rdiff-backup --remove-older-than 2W host::/srv/backup",
        "rdiff-backup remove increments --older-than 1Y /backup/db",
      ],
      passes: [
        "rdiff-backup /home/ana /backup/home",
        "rdiff-backup --list-increments /backup/home",
        "rdiff-backup list increments /backup/home",
        "rdiff-backup verify /backup/home",
      ],
    },
  },
};
