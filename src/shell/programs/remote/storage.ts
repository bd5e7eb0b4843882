// Object storage tools: MinIO's mc, s3cmd, s5cmd, Backblaze's b2. Removing
// objects and buckets, and mirroring or syncing with deletion ask. (S3, GCS
// and Azure Blob are in aws, gsutil/gcloud and az/azcopy.)
import { INTERPRETERS } from "../interpreters.ts";
import { DESTROY } from "./categories.ts";
import { destroys, destroysWith, dryRunWith, group, names, nounChain, printsCredential, readVerbs, uploads } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const MC_DRY_RUN = { tagsWith: dryRunWith("--dry-run") };
/** mc ilm's options that make a rule delete objects, old and new spellings. */
const MC_EXPIRY = [
  "--expire-days",
  "--expiry-days",
  "--expiry-date",
  "--expire-date",
  "--noncurrent-expire-days",
  "--noncurrentversion-expiration-days",
  "--expire-delete-marker",
  "--expired-object-delete-marker",
  "--expire-all-object-versions",
];
/** mc ilm's options that take a value: the expiry ones above (the flag-only delete-marker ones aside) and the rest of a rule. */
const MC_ILM_OPTIONS = Object.fromEntries(
  [
    ...MC_EXPIRY.filter((option) => !["--expire-delete-marker", "--expired-object-delete-marker", "--expire-all-object-versions"].includes(option)),
    "--transition-days",
    "--transition-date",
    "--storage-class",
    "--tier",
    "--prefix",
    "--tags",
    "--id",
  ].map((option) => [option, "value" as const]),
);

export const MC: RemoteCli = {
  id: "mc",
  names: ["mc", "mcli"],
  about: "MinIO client",
  spec: group(
    "storage",
    {
      ...names(["rm", "rb"], destroys(undefined, MC_DRY_RUN)),
      mirror: destroysWith(["--remove"], undefined, MC_DRY_RUN),
      // Lifecycle rules that expire objects (`ilm rule add --expire-days 1`, the older `ilm add --expiry-days`), or a
      // whole rule set imported from stdin; a rule that only moves objects to another tier passes.
      ilm: group(undefined, {
        ...names(["add", "edit"], destroysWith(MC_EXPIRY, MC_ILM_OPTIONS)),
        rule: group(undefined, { ...names(["add", "edit"], destroysWith(MC_EXPIRY, MC_ILM_OPTIONS)), ...readVerbs(["ls", "list", "export"]) }),
        import: destroys(),
        ...readVerbs(["ls", "list", "export"]),
      }),
      // `mc cp|mv|put SOURCE… TARGET`: every operand but the last is sent (to an alias's bucket, which no scheme marks).
      ...names(["cp", "mv", "put"], uploads(undefined, { lastOperand: "write", readsTrees: {} })),
      admin: group(undefined, {
        ...names(["bucket", "user", "policy", "group", "config"], group(undefined, { ...names(["delete", "remove", "rm"], destroys()), ...readVerbs(["list", "ls", "info"]) })),
        ...readVerbs(["info"]),
      }),
      ...readVerbs(["ls", "cat", "stat", "du", "diff", "find", "head", "tree", "version"]),
    },
    { "--config-dir": "path", "-C": "path" },
  ),
  examples: {
    storage: {
      asks: [
        "mc rm --recursive --force minio/backups/2023",
        "mc rb minio/scratch",
        "mc mirror --remove ./site minio/www",
        "mc admin user remove minio alice",
        "mc ilm rule add --expire-days 1 minio/backups",
        "mc ilm import minio/backups < rules.json",
      ],
      passes: [
        "mc ls minio/backups",
        "mc cp report.pdf minio/docs/",
        "mc mirror ./site minio/www",
        "mc rm --recursive --dry-run minio/backups/2023",
        "mc ilm rule add --transition-days 30 --tier COLD minio/logs",
        "mc ilm rule ls minio/backups",
      ],
    },
  },
};

export const S3CMD: RemoteCli = {
  id: "s3cmd",
  names: ["s3cmd"],
  about: "s3cmd",
  spec: group(
    "storage",
    {
      ...names(["del", "rm", "rb"], destroys()),
      sync: destroysWith(["--delete-removed", "--delete-after"]),
      // Access opened to everyone (`setacl --acl-public`, `put --acl-public`) or a policy replaced.
      ...names(["setacl", "put", "modify", "setpolicy"], destroysWith(["--acl-public", "-P"])),
      ...names(["delpolicy", "dellifecycle", "setlifecycle", "expire", "delcors"], destroys()),
      ...readVerbs(["ls", "la", "info", "du", "get"]),
    },
    { "-c": "read", "--config": "read", "--access_key": "value", "--secret_key": "value" },
    { tagsWith: dryRunWith("-n", "--dry-run") },
  ),
  examples: {
    storage: {
      asks: ["s3cmd del --recursive s3://assets/old/", "s3cmd sync --delete-removed ./site/ s3://www/", "s3cmd setacl --acl-public s3://hr-exports/payroll.csv"],
      passes: ["s3cmd ls s3://assets", "s3cmd sync ./site/ s3://www/", "s3cmd setacl --acl-private s3://acme-private/", "s3cmd put dist/app.js s3://assets/"],
    },
  },
};

export const S5CMD: RemoteCli = {
  id: "s5cmd",
  names: ["s5cmd"],
  about: "s5cmd",
  spec: group(
    "storage",
    {
      ...names(["rm", "rb"], destroys()),
      sync: destroysWith(["--delete"]),
      ...readVerbs(["ls", "cat", "du"]),
    },
    { "--endpoint-url": "url", "--profile": "value", "--credentials-file": "read", "--numworkers": "value", "--log": "value" },
    { tagsWith: dryRunWith("--dry-run") },
  ),
  examples: { storage: { asks: ["s5cmd rm 's3://logs/2023/*'", "s5cmd sync --delete ./site/ s3://www/"], passes: ["s5cmd ls s3://logs/", "s5cmd cp 'dist/*' s3://www/"] } },
};

export const B2: RemoteCli = {
  id: "b2",
  names: ["b2", "backblaze-b2"],
  about: "Backblaze B2 CLI",
  spec: {
    ...nounChain(
      {
        ...names(["rm", "delete", "delete-*"], destroys()),
        sync: destroysWith(["--delete"]),
        // `account get` (v4) and `get-account-info` (v3) print the stored authorization: the application key and its token.
        account: group(undefined, { get: printsCredential() }),
        "get-account-info": printsCredential(),
        // `upload-file BUCKET LOCAL NAME` (v3) and `file upload BUCKET LOCAL NAME` (v4): the local file leaves the machine.
        ...names(["upload-file", "upload"], uploads()),
        ...readVerbs(["ls", "list", "get", "cat", "info"]),
      },
      { "--profile": "value" },
    ),
    tags: ["storage"],
  },
  examples: {
    storage: {
      asks: ["b2 rm --recursive --versions b2://old-bucket", "b2 bucket delete old-bucket", "b2 sync --delete ./site b2://www"],
      passes: ["b2 ls b2://backups", "b2 file upload backups ./db.dump db.dump", "b2 upload-file backups dist/site.tgz site.tgz"],
    },
  },
};

/**
 * Hadoop's file system shell (`hdfs dfs`, `hadoop fs`): its commands are written as options (`-rm`, `-ls`). A
 * recursive or trash-skipping remove, `-rmr`, emptying the trash (`-expunge`: what was removed is gone), truncating a
 * file and deleting a snapshot ask; `-ls`, `-cat`, `-put`, `-get` pass. `namenode -format` wipes the file system's
 * metadata: every file on the cluster is lost.
 */
const HDFS_SHELL = {
  options: {
    "-rm": "flag",
    "-rmr": "flag",
    "-rmdir": "flag",
    "-r": "flag",
    "-R": "flag",
    "-f": "flag",
    "-skipTrash": "flag",
    "-expunge": "flag",
    "-truncate": "flag",
    "-deleteSnapshot": "flag",
    "-fs": "url",
    "-D": "value",
  },
  // Local files `-put`/`-copyFromLocal` upload are among them: read as files, as an unknown program's would be.
  operands: ["read"],
  tagsWith: { ...dryRunWith("-help", "-usage"), ...Object.fromEntries(["-rmr", "-skipTrash", "-expunge", "-truncate", "-deleteSnapshot"].map((option) => [option, [DESTROY]])) },
} as const;

export const HDFS: RemoteCli = {
  id: "hdfs",
  names: ["hdfs", "hadoop"],
  about: "Hadoop HDFS shell (hdfs dfs, hadoop fs)",
  spec: group("storage", {
    ...names(["dfs", "fs"], HDFS_SHELL),
    namenode: { options: { "-format": "flag", "-force": "flag" }, operands: ["value"], tagsWith: { "-format": [DESTROY] } },
    // `dfsadmin -safemode enter`: the whole file system turns read-only, every job's writes fail until it is left.
    dfsadmin: { options: { "-safemode": "value", "-fs": "url", "-D": "value" }, operands: ["value"], tagsWith: { "-safemode=enter": [DESTROY], "-safemode=forceExit": [DESTROY] } },
  }),
  // `-rm -r DIR`: the tree under DIR (into the trash where it is on, and emptied from there by the next checkpoint).
  alsoAsksWhen: [{ category: "storage", subcommand: "dfs|fs", flags: ["-rm", "-r|-R"], args: ["**"] }],
  examples: {
    storage: {
      asks: [
        "hdfs dfs -rm -r /data/events/2024",
        "hadoop fs -rm -skipTrash /warehouse/orders.parquet",
        "hdfs dfs -rmr /user/etl/output",
        "hdfs dfs -expunge",
        "hdfs namenode -format -force",
        "hdfs dfsadmin -safemode enter",
      ],
      passes: [
        "hdfs dfs -ls /data/events",
        "hadoop fs -cat /user/etl/_SUCCESS",
        "hdfs dfs -put report.csv /user/ana/",
        "hdfs dfs -rm /user/ana/tmp.csv",
        "hdfs dfsadmin -report",
        "hdfs dfsadmin -safemode get",
      ],
    },
  },
};

/**
 * OpenStack Swift's `swift`: `delete` removes objects or containers (`--all`: every container of the account);
 * `post -r '.r:*'` makes a container readable by anyone on the internet. The same name is the Swift language's
 * interpreter and package manager (`swift -e CODE`, `swift build`), whose reading stays as it is: the object
 * store's verbs are recognised by their words.
 */
export const SWIFT: RemoteCli = {
  id: "swift",
  names: ["swift"],
  about: "OpenStack Swift client",
  spec: INTERPRETERS.swift!,
  alsoAsksWhen: [
    { category: "storage", args: ["delete"] },
    { category: "storage", args: ["post", ".r:*|.r:*,*|*,.r:*|*,.r:*,*"] },
  ],
  examples: {
    storage: {
      asks: ["swift delete --all", "swift delete backups", "swift delete assets logo.png", "swift post -r '.r:*,.rlistings' backups"],
      passes: ["swift list", "swift stat backups", "swift upload backups db.dump", "swift post -m 'Color:blue' backups", "swift build -c release", "swift -e 'print(1)'"],
    },
  },
};
