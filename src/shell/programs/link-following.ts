// Programs that, reading a directory tree, follow the symbolic links inside
// it to what they name, as data: a link in `dist/` to ~/.ssh makes
// `rsync -L dist/ host:` send the keys, where plain `rsync -a` sends only the
// link. For each program: whether it follows by default (scp -r, zip), the options that make it follow, and those that make it keep
// links as links. session/project-code.ts reads the links it knows under a
// tree read (made in the session or found on disk) as reads of their targets.
import type { SimpleCommand } from "../view/view.ts";

type LinkFollowing = {
  /** Follows links inside the tree with no option said. */
  byDefault?: true;
  /** Options that make it follow them (`-L`, `--dereference`). */
  follow?: readonly string[];
  /** Options that keep links as links (zip -y), overriding the default. */
  keep?: readonly string[];
};

const LINK_FOLLOWING: Readonly<Record<string, LinkFollowing>> = {
  rsync: { follow: ["-L", "--copy-links", "--copy-unsafe-links", "-k", "--copy-dirlinks"] },
  scp: { byDefault: true },
  tar: { follow: ["-h", "--dereference"] },
  bsdtar: { follow: ["-L", "-H"] },
  cp: { follow: ["-L", "--dereference"] },
  zip: { byDefault: true, keep: ["-y", "--symlinks"] },
  "7z": { byDefault: true, keep: ["-snl"] },
  grep: { follow: ["-R", "--dereference-recursive"] },
  egrep: { follow: ["-R", "--dereference-recursive"] },
  find: { follow: ["-L"] },
  du: { follow: ["-L", "--dereference"] },
  chmod: { follow: ["-L"] },
  chown: { follow: ["-L"] },
  rclone: { follow: ["-L", "--copy-links"] },
};

/** Whether the command follows the links inside the trees it reads. */
export function followsLinksInTrees(command: SimpleCommand): boolean {
  const entry = LINK_FOLLOWING[command.name];
  if (!entry) return false;
  if (entry.keep?.some((flag) => command.flags.includes(flag))) return false;
  return entry.byDefault === true || (entry.follow?.some((flag) => command.flags.includes(flag)) ?? false);
}
