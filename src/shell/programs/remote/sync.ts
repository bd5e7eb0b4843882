// Remote sync: rclone, and rsync when one end is remote. Sync, move, purge,
// delete and dedupe ask, as does rsync with a deletion option towards or from
// another host; a dry run never does. (rsync's grammar lives in network.ts;
// its deletion options carry the tags.)
import { NETWORK_PROGRAMS } from "../network.ts";
import { destroys, dryRunWith, group, leaf, names, nounChain, type Options, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const RCLONE_OPTIONS: Options = {
  "--config": "read",
  // The command that prints the config file's password, run before anything else (as restic's and borg's).
  "--password-command": "shell-helper",
  "--transfers": "value",
  "--checkers": "value",
  "--exclude": "pattern",
  "--include": "pattern",
  "--filter": "pattern",
  "--filter-from": "read",
  "--exclude-from": "read",
  "--include-from": "read",
  "--files-from": "read",
  "--backup-dir": "value",
  "--log-file": "write",
  "--bwlimit": "value",
  "--max-age": "value",
  "--min-age": "value",
  "--max-size": "value",
  "--min-size": "value",
  "--log-level": "value",
  "--dedupe-mode": "value",
  "-P": "flag",
};
// rclone copies directories whole: a source is read with everything under it (`rclone copy ~/.config r:x` sends every token file there).
const COPYING = { operands: ["read"], lastOperand: "write", options: RCLONE_OPTIONS, readsTrees: {} } as const;

export const RCLONE: RemoteCli = {
  id: "rclone",
  names: ["rclone"],
  about: "rclone",
  spec: group(
    "sync",
    {
      ...names(["sync", "move", "moveto"], destroys(RCLONE_OPTIONS, { lastOperand: "write" })),
      ...names(["purge", "delete", "deletefile", "rmdir", "rmdirs", "cleanup", "dedupe"], destroys(RCLONE_OPTIONS)),
      ...names(["copy", "copyto"], COPYING),
      ...readVerbs(["ls", "lsd", "lsl", "lsf", "lsjson", "size", "check", "cat", "tree", "about", "version", "listremotes"], RCLONE_OPTIONS),
      // rclone.conf holds every remote's tokens, keys and passwords (obscured, not encrypted: `rclone reveal`
      // undoes it): `config dump` prints them all as JSON, `config show` one remote's or all; `config file`
      // prints only where the file is, `config redacted` the settings with every secret blanked. `config delete` forgets a remote's credentials.
      config: group(undefined, {
        ...names(["dump", "show"], printsCredential(RCLONE_OPTIONS)),
        delete: destroys(RCLONE_OPTIONS),
        ...readVerbs(["file", "paths", "providers", "redacted"], RCLONE_OPTIONS),
      }),
      reveal: printsCredential(RCLONE_OPTIONS),
    },
    RCLONE_OPTIONS,
    { tagsWith: dryRunWith("--dry-run", "-n"), env: { RCLONE_PASSWORD_COMMAND: "shell-helper" } },
  ),
  examples: {
    sync: {
      asks: [
        "rclone sync ./site r2:www",
        "rclone purge gdrive:old-backups",
        "rclone delete s3:logs --min-age 30d",
        "rclone move ./exports b2:archive",
        "rclone config delete old-nas",
      ],
      passes: ["rclone copy ./site r2:www", "rclone ls r2:www", "rclone sync ./site r2:www --dry-run", "rclone config file", "rclone listremotes --long"],
    },
  },
};

export const RSYNC: RemoteCli = {
  id: "rsync",
  names: ["rsync"],
  about: "rsync (to or from another host)",
  spec: NETWORK_PROGRAMS.rsync!,
  requires: { network: true },
  examples: {
    sync: {
      asks: ["rsync -az --delete ./dist/ deploy@web1:/var/www/app/", "rsync -a --delete-after backup@nas:/data/ ./mirror/"],
      passes: ["rsync -az ./dist/ deploy@web1:/var/www/app/", "rsync -a --delete ./src/ ./build/", "rsync -azn --delete ./dist/ deploy@web1:/var/www/app/"],
    },
  },
};

/**
 * Syncthing's `syncthing cli config …`: a device added, or a folder shared with one (`folders ID devices add`), gets a
 * copy of the folder's files and sends its changes back; a folder or device removed stops syncing it. Reads and
 * everyday settings pass.
 */
const SYNCTHING_FOLDERS = nounChain({
  ...names(["remove", "delete"], destroys()),
  add: leaf(),
  devices: group(undefined, { add: destroys(), ...readVerbs(["list", "get"]) }),
  ...readVerbs(["list", "get"]),
});
const SYNCTHING_DEVICES = nounChain({ ...names(["add", "remove", "delete"], destroys()), ...readVerbs(["list", "get"]) });

export const SYNCTHING: RemoteCli = {
  id: "syncthing",
  names: ["syncthing"],
  about: "Syncthing",
  spec: group("sync", {
    cli: group(undefined, {
      config: group(undefined, { folders: SYNCTHING_FOLDERS, devices: SYNCTHING_DEVICES, "*": leaf() }),
      ...readVerbs(["show", "debug", "errors"]),
    }),
  }),
  examples: {
    sync: {
      asks: [
        "syncthing cli config folders remove --folder-id photos",
        "syncthing cli config devices add --device-id AAAAAAA-BBBBBBB-CCCCCCC-DDDDDDD-EEEEEEE-FFFFFFF-GGGGGGG-HHHHHHH",
        "syncthing cli config folders default devices add --device-id AAAAAAA-BBBBBBB-CCCCCCC-DDDDDDD-EEEEEEE-FFFFFFF-GGGGGGG-HHHHHHH",
      ],
      passes: ["syncthing cli show system", "syncthing cli config folders list", "syncthing cli config devices list", "syncthing cli config folders add --id notes --path ~/notes"],
    },
  },
};
