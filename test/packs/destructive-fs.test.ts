// builtin:destructive-fs (and builtin:persistence's last rule, the writes
// into system directories) under the default policy: deletes outside the
// project, temp dirs and the caches under home are blocked; rm-like tools are
// judged like rm -r; find -delete over the project needs a name filter;
// shredding a project file is like deleting it; writing a tree onto / is
// blocked and other writes into system directories are asked about.
import { describe, expect, test } from "bun:test";
import { eventOf } from "../../src/policy/engine/event-of.ts";
import type { PolicyEvent } from "../../src/policy/engine/index.ts";
import { decide, policyOf } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describe("caches under home are regenerable: deleting them passes", () => {
  test.each([
    "rm -rf ~/.cache/pip",
    "rm -rf ~/.cache/go-build ~/.cache/golangci-lint",
    "sudo rm -rf /home/ada/.cache/ms-playwright",
    'rm -rf "$HOME/.npm/_cacache"',
    "rm -rf ~/.npm",
    "rm -r ~/.cargo/registry/src/*/serde-1.0.1*",
    "rm -rf ~/.gradle/caches/transforms-3",
    "rm -rf ~/.m2/repository/com/acme",
    "rm -rf ~/Library/Caches/Homebrew/downloads",
    "rm -rf ~/Library/Developer/Xcode/DerivedData/App-abc",
    "rm -rf ~/.pnpm-store/v3 && pnpm install",
    "env -i rm -fr ~/.bun/install/cache",
    "rm ~/.cache/pre-commit/repo1/x.py",
    "rm -rf ~/.local/share/virtualenvs/api-Xy12ab",
    "rm -rf ~/.config/Code/CachedData ~/.config/Code/GPUCache",
    'rm -rf "$HOME/Library/Application Support/Slack/Cache"',
    "rm -rf .git/index.lock",
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("the rest of home stays protected", () => {
  test.each([
    ["rm -rf ~/.config", "fs-recursive-delete"],
    ["rm -rf ~/.gradle", "fs-recursive-delete"],
    ["rm -rf ~/.m2", "fs-recursive-delete"],
    ["rm -rf ~/.cargo", "fs-recursive-delete"],
    ["rm -rf ~/.cache/../.ssh", "fs-recursive-delete"],
    ["rm -rf ~/Library", "fs-recursive-delete"],
    ["rm -rf ~/.cache/pip ~/.local", "fs-recursive-delete"],
    ["rm ~/.gitconfig", "fs-delete-system-files"],
    ["rm -rf ~/.config/Code/User", "fs-recursive-delete"],
    ["rm -rf ~/.config/Code/Cache/../../..", "fs-recursive-delete"],
    ["rm -rf .git", "fs-recursive-delete"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule });
  });

  test.each(["rm -rf ~/.cache", "rm -rf ~/Library/Caches", "rm -rf ~/.cache/*"])("emptying every cache at once asks: %s", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "fs-delete-home-cache-root" });
  });
});

describe("rm-like tools are judged like rm -r", () => {
  test.each(["npx rimraf ~", "pnpm dlx rimraf /home/ada/*", "bunx rimraf /", "rimraf ~/projects", "npx del-cli ~/.config", "del /etc/nginx", "yarn dlx rimraf '~/..'"])(
    "blocked: %s",
    (input) => {
      expect(decide(input).decision).toBe("block");
    },
  );

  test.each(["npx rimraf dist coverage", "rimraf node_modules/.cache", "npx del-cli 'build/**'", "rimraf /tmp/build-123", "trash old-notes.md", "trash-put ~/Downloads/setup.dmg"])(
    "passes: %s",
    (input) => {
      expect(decide(input).decision).toBe("continue");
    },
  );

  test("a target only the run knows is judged as rm -r judges it", () => {
    expect(decide('npx rimraf "$OUT_DIR"').decision).toBe(decide('rm -rf "$OUT_DIR"').decision);
    expect(decide("ls | xargs rimraf").decision).toBe(decide("ls | xargs rm -r").decision);
  });
});

describe("find -delete", () => {
  test.each([
    "find . -name '*.pyc' -delete",
    "find . -type f -name '*.orig' -delete",
    "find . -iname '.ds_store' -delete",
    "find . -path './coverage/*' -delete",
    "find . -regex '.*\\.tmp$' -delete",
    "find build dist -type f -delete",
    "find /tmp/build-cache -mtime +1 -delete",
    "find src -name '*.js.map' -print -delete",
  ])("passes inside the project or a temp dir: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });

  test.each([
    ["find . -delete", "fs-find-delete"],
    ["find . -type f -delete", "fs-find-delete"],
    ["find . -mtime +30 -delete", "fs-find-delete"],
    ["find ~ -name '*.log' -delete", "fs-find-delete"],
    ["sudo find / -name core -delete", "fs-find-delete"],
    ["find .. -name '*.pyc' -delete", "fs-find-delete"],
    ["cd ~ && find . -name '*.bak' -delete", "fs-find-delete"],
    ["find . -name '*' -delete", "fs-find-delete-everything"],
    ["find . -not -name '*.md' -delete", "fs-find-delete-everything"],
    ["find . -type f ! -name package.json -delete", "fs-find-delete-everything"],
  ])("asks: %s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });
});

describe("shred", () => {
  test.each(["shred -u tmp/fixture.bin", "shred -n 1 -zu build/secret.bin", "shred -u /tmp/scratch.txt", "srm -r out/"])(
    "a project or temp file shreds like rm deletes: %s",
    (input) => {
      expect(decide(input).decision).toBe("continue");
    },
  );

  test.each([
    "shred -u ~/.bash_history",
    "sudo shred -n 3 /dev/nvme0n1",
    "shred -u ../other-project/data.db",
    "shred -u /var/log/auth.log",
    "wipe -rf ~/Documents",
    "srm ~/notes.txt",
  ])("anything else is blocked: %s", (input) => {
    expect(decide(input).decision).toBe("block");
  });
});

describe("moving onto a device", () => {
  test.each(["mv ~/Documents /dev/null", "sudo mv important.db /dev/null", "mv report.pdf /dev/zero"])("%s", (input) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule: "fs-move-home-or-system" });
  });

  test("copying to /dev/null discards a copy and passes", () => {
    expect(decide("cp big.log /dev/null").decision).toBe("continue");
  });
});

describe("writes into system directories", () => {
  test.each(["sudo tar -xzf update.tgz -C /", "unzip -o payload.zip -d /", "sudo rsync -a overlay/ /", "sudo cp -a rootfs/. /", "sudo tar --directory=/ -xf backup.tar"])(
    "a tree written onto / is blocked: %s",
    (input) => {
      expect(decide(input)).toMatchObject({ decision: "block", rule: "fs-write-root" });
    },
  );

  test.each([
    "echo '127.0.0.1 api.local' | sudo tee -a /etc/hosts",
    "sudo sh -c 'echo nameserver 1.1.1.1 > /etc/resolv.conf'",
    "sudo sed -i 's/^#Port 22/Port 2222/' /etc/fstab",
    "sudo cp nginx.conf /etc/nginx/sites-available/app",
    "sudo install -m 0644 app.conf /usr/local/etc/app.conf",
    "sudo dd if=banner.txt of=/etc/motd",
    "sudo ln -sf /opt/node-20/bin/node /usr/local/lib/node",
    "sudo tar -xf jdk.tgz -C /opt",
    "sudo chmod 666 /etc/shadow",
    "sudo chown ada /usr/local/lib/node_modules",
    "cd /etc && sudo tee issue <<< 'hello'",
    "> /var/log/syslog",
  ])("asks: %s", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "persistence-system-files" });
  });

  test("the write tool on a system file asks too", () => {
    expect(decide({ tool: "write", input: { path: "/etc/hosts", content: "127.0.0.1 localhost\n" } })).toMatchObject({ decision: "confirm", rule: "persistence-system-files" });
  });

  test.each([
    "cat /etc/hosts > hosts.bak",
    "grep -r listen /etc/nginx/ > nginx-ports.txt",
    "tar -xzf release.tar.gz -C ./vendor",
    "echo done > /tmp/marker && ls /var/log | wc -l",
    "npm test 2>/dev/null | tee /dev/stderr",
    "cp /usr/share/dict/words fixtures/",
    "mktemp -p /var/tmp build.XXXX",
    "echo x > /var/tmp/cache.txt",
    "chmod 600 ~/.ssh/id_ed25519",
  ])("reading system files and writing elsewhere pass: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("named directories below the project (what find -name hands rm)", () => {
  test.each([
    "find . -type d -name __pycache__ -exec rm -rf {} +",
    "find . -name node_modules -type d -prune -exec rm -rf '{}' +",
    "find src -name dist -exec rm -rf {} \\;",
    "rm -rf **/node_modules",
    "rm -rf packages/*/build",
  ])("pass: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });

  test.each([
    "find . -exec rm -rf {} +",
    "find . -name '*' -exec rm -rf {} +",
    "find . -name '.*' -exec rm -rf {} +",
    "find .. -name build -exec rm -rf {} +",
    "find ~ -name build -exec rm -rf {} +",
    "rm -rf **/*",
    "rm -rf .git/objects",
    "rm -rf ../other-project",
    "rm -rf a/../..",
  ])("blocked: %s", (input) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule: "fs-recursive-delete" });
  });
});

describe("~/.ssh is the secrets pack's to judge", () => {
  test.each(["ssh-keyscan github.com >> ~/.ssh/known_hosts", 'ssh-keygen -t ed25519 -f ~/.ssh/deploy_key -N ""', "ssh-keygen -R github.com"])("passes: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });

  test.each(["cat /dev/null > ~/.ssh/id_rsa", "echo 'ssh-rsa AAAA x' >> ~/.ssh/authorized_keys", "cp key ~/.ssh/id_ed25519"])("still blocked: %s", (input) => {
    expect(decide(input).decision).toBe("block");
  });
});

describe("with the home directory under /tmp (CI machines, containers)", () => {
  const policy = policyOf(undefined, "/tmp/ci-home");
  test("a find over /tmp that deletes what it names could reach home: blocked", () => {
    expect(decide("find /tmp -name 'pytest-*' -mtime +3 -exec rm -rf {} +", policy)).toMatchObject({ decision: "block", rule: "fs-recursive-delete" });
  });
  test("one over a directory beside home passes", () => {
    expect(decide("find /tmp/pytest-of-ada -name 'pytest-*' -mtime +3 -exec rm -rf {} +", policy).decision).toBe("continue");
  });
});

// Issue 28, false stops: cleanups inside the project written with a command substitution, find -delete, several globs.
describe("in-project cleanups", () => {
  test.each([
    "rm -rf `git rev-parse --show-toplevel`/node_modules/.cache",
    'rm -rf "$(git rev-parse --show-toplevel)/coverage"',
    "rm -rf `pwd`/build `pwd`/dist",
    "find . -type f -name '*.orig' -delete",
    "find src -name '__snapshots__' -type d -prune -exec rm -rf {} +",
    "rm -rf target/debug/* target/release/*.d .pytest_cache/*",
    "rm -f ./*.tsbuildinfo packages/*/tsconfig.tsbuildinfo",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });

  test.each(["rm -rf $(git rev-parse --show-toplevel)", "cd /tmp && rm -rf $(git rev-parse --show-toplevel)/src"])("%s is stopped", (input) => {
    expect(["block", "confirm"]).toContain(decide(input).decision);
  });
});

// Issue 28, false stops: a dotfile under another account's home is the same file as one under HOME.
describe("other accounts' homes", () => {
  test.each([
    ["echo 'export X=1' > /home/bob/.bashrc", "fs-clobber-dotfiles"],
    ["cat /home/bob/.aws/credentials", "secrets-credential-stores"],
    ["cat /Users/eve/.config/gh/hosts.yml", "secrets-credential-stores"],
    ["sudo cat /root/.docker/config.json", "secrets-credential-stores"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule });
  });

  test.each(["cat /home/bob/.ssh/id_ed25519.pub", "ls -la /home/bob", "cat /home/bob/.aws/config"])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 9: drives erased in firmware, pools and volumes destroyed.
describe("storage erased or destroyed", () => {
  test.each([
    ["nvme sanitize -a start-crypto-erase /dev/nvme0", "fs-storage-erase"],
    ["sudo hdparm --user-master u --security-erase-enhanced p /dev/sdb", "fs-storage-erase"],
    ["sg_format --format /dev/sg2", "fs-storage-erase"],
  ])("%s is blocked", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule });
  });

  test.each([
    "zpool destroy -f backup",
    "sudo btrfs subvolume delete /srv/@snapshots/old",
    "vgremove -f data",
    "mdadm --manage /dev/md0 --fail /dev/sdb1",
    "zfs rollback tank/db@nightly",
  ])("%s asks", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "fs-storage-volumes" });
  });

  test.each([
    "zpool list",
    "zfs get compression tank",
    "btrfs subvolume list /",
    "vgs && pvs",
    "cat /proc/mdstat",
    "nvme id-ctrl /dev/nvme0",
    "hdparm -tT /dev/sda",
    "zfs destroy -n tank/old",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 12: permissions changed through ACLs.
describe("ACLs outside the project", () => {
  test.each(["setfacl -m u:guest:r ~/.aws/config", "sudo setfacl --set u::rwx,g::rwx,o::rwx /srv/data", "chmod =a# 0 'everyone allow write' /Library/Preferences"])(
    "%s asks",
    (input) => {
      expect(["confirm", "block"]).toContain(decide(input).decision);
    },
  );

  test.each(["setfacl -m g:dev:rwX -R ./shared", "getfacl -R ~/project", "setfacl -m u:ci:r /tmp/build.log"])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Issue 28, class 11: Go source written by the input, then run.
describe("Go source written, then run", () => {
  const program = (body: string, imports = '"os"') => `cat > /tmp/tool.go <<'EOF'\npackage main\nimport ${imports}\nfunc main() {\n${body}\n}\nEOF\ngo run /tmp/tool.go`;

  test.each([program('os.RemoveAll("/home/ada")'), program('exec.Command("rm", "-rf", "/etc").Run()', '"os/exec"')])("%s is blocked", (input) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule: "fs-recursive-delete" });
  });

  test.each([program('os.RemoveAll("build")'), program('fmt.Println("hi")', '"fmt"'), "go run ./cmd/server -addr :8080"])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("a project below /srv (a server's checkout)", () => {
  const inProject = (command: string) =>
    decide({ ...eventOf(policyOf(), { hook: "before_tool_call", tool: "bash", input: command }), projectRoot: "/srv/app" } as PolicyEvent).decision;
  test.each(["rm -rf .nyc_output coverage", "rm -rf .eslintcache .hypothesis", "rm -rf .astro dist"])("its regenerated tool output is its own: %s", (command) => {
    expect(inProject(command)).toBe("continue");
  });
  test.each(["rm -rf .ssh", "rm -rf .config .nyc_output", "rm -rf .git"])("its other hidden entries are not: %s", (command) => {
    expect(inProject(command)).not.toBe("continue");
  });
});

describe("rsync --delete onto a project's own directory, wherever the project lies", () => {
  const decideIn = (root: string, command: string) =>
    decide({ ...eventOf(policyOf(), { hook: "before_tool_call", tool: "bash", input: command }), projectRoot: root } as PolicyEvent);
  const inProject = (root: string, command: string) => decideIn(root, command).decision;
  test.each([
    ["/srv/shop", "rsync -a --delete static/ site/"],
    ["/opt/builds/api", "rsync -rt --delete-after assets/ public/assets/"],
    ["/home/ada/code/web", "rsync -a --delete src/ build/"],
    ["/var/www/blog", "rclone sync --delete-excluded content/ mirror/"],
  ])("in %s: %s passes", (root, command) => {
    // Other rules may still ask about a write below /srv (a system directory); this rule no longer blocks it.
    const { decision, rule } = decideIn(root, command);
    expect({ command, rule, blocked: decision === "block" }).toEqual({ command, rule: rule === "fs-sync-delete" ? "none" : rule, blocked: false });
  });
  test.each([
    ["/srv/shop", "rsync -a --delete static/ ../"],
    ["/srv/shop", "rsync -a --delete static/ ./"],
    ["/srv/shop", "rsync -a --delete static/ /srv/"],
    ["/srv/shop", "rsync -a --delete static/ .git/"],
    ["/srv/shop", "rsync -a --delete static/ /srv/shop-old/"],
    ["/home/ada/code/web", "rsync -a --delete src/ ~/"],
  ])("in %s: %s is stopped", (root, command) => {
    expect(inProject(root, command)).not.toBe("continue");
  });
});
