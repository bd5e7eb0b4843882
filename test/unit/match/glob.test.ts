import { describe, expect, test } from "bun:test";
import { compileAlternatives, compileAnyGlob, compileGlob, isValidGlob } from "../../../src/match/glob.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("compileGlob", () => {
  test("text without glob characters matches exactly", () => {
    expect(compileGlob("/etc/hosts")("/etc/hosts")).toBe(true);
    expect(compileGlob("/etc/hosts")("/etc/hosts2")).toBe(false);
  });

  test("* stays within a name; ** crosses directories", () => {
    expect(compileGlob("/etc/*")("/etc/ssh/sshd_config")).toBe(false);
    expect(compileGlob("/etc/**")("/etc/ssh/sshd_config")).toBe(true);
    expect(compileGlob("**/.env")("app/config/.env")).toBe(true);
  });

  test("dir/** matches the directory itself too", () => {
    expect(compileGlob("/home/ada/.ssh/**")("/home/ada/.ssh")).toBe(true);
    expect(compileGlob("/home/ada/.ssh/**")("/home/ada/.sshx")).toBe(false);
  });

  test("only the last /** is optional: a/**/** needs something below a", () => {
    expect(compileGlob("a/**/**")("a")).toBe(false);
    expect(compileGlob("a/**/**")("a/b")).toBe(true);
  });

  test("?, [ranges] and {alternatives}", () => {
    expect(compileGlob("~/.aw?/credentials")("~/.aws/credentials")).toBe(true);
    expect(compileGlob("file[0-9].txt")("file7.txt")).toBe(true);
    expect(compileGlob("*.{pem,key}")("id.key")).toBe(true);
  });
});

describe("compileAlternatives", () => {
  test("a|b|c: any alternative, each exact or a glob, blanks around | ignored", () => {
    const matches = compileAlternatives("-r | -R|--recursive|--rec*");
    expect(["-r", "-R", "--recursive", "--recurse"].map(matches)).toEqual([true, true, true, true]);
    expect(matches("-f")).toBe(false);
  });

  test("an empty alternative matches nothing", () => {
    expect(compileAlternatives("a||")("")).toBe(false);
  });

  test('"" is the empty word, beside other alternatives', () => {
    const matches = compileAlternatives('""|none');
    expect(["", "none", '""', "x"].map(matches)).toEqual([true, true, false, false]);
  });
});

describe("isValidGlob", () => {
  test("ordinary patterns are valid", () => {
    expect(isValidGlob("**/*.{ts,js}")).toBe(true);
  });
});

describe("escaped characters and patterns with no literal prefix", () => {
  test("\\! is a literal ! at the start of a pattern", () => {
    const matches = compileAlternatives("\\!*|\\!*/**");
    expect(matches("!git push -f")).toBe(true);
    expect(matches('!sh -c "rm -rf ~/tmp"')).toBe(true);
    expect(matches("checkout")).toBe(false);
  });

  test("[*] is a literal star", () => {
    const matches = compileAlternatives(".[*]|[*]");
    expect(matches(".*")).toBe(true);
    expect(matches("*")).toBe(true);
    expect(matches(".env")).toBe(false);
  });

  test("a pattern with no literal prefix still matches through its inner text, and only there", () => {
    const keys = compileAlternatives("**/.ssh/authorized_keys|**/*.pem|**/.git/hooks/**|**/{a,b}c.txt");
    expect(keys("/home/bob/.ssh/authorized_keys")).toBe(true);
    expect(keys(".ssh/authorized_keys")).toBe(true);
    expect(keys("/srv/tls/server.pem")).toBe(true);
    expect(keys("/home/ada/proj/.git/hooks/pre-commit")).toBe(true);
    expect(keys("x/bc.txt")).toBe(true);
    expect(keys("/home/bob/.ssh/authorized_keys.bak")).toBe(false);
    expect(keys("/srv/tls/server.pem.txt")).toBe(false);
    expect(keys("/home/ada/proj/.git/config")).toBe(false);
  });

  test("text after a literal start and a wildcard is looked for only after the start, and braces or ** around it still match", () => {
    const homes = compileAlternatives("/home/*/.cache/*|/home/*/.config/*/Code Cache|/home/*/**/.npmrc|/home/*/{.yarn,.bun}/cache");
    expect(homes("/home/ada/.cache/pip")).toBe(true);
    expect(homes("/home/ada/.config/Code/Code Cache")).toBe(true);
    expect(homes("/home/ada/.npmrc")).toBe(true);
    expect(homes("/home/ada/a/b/.npmrc")).toBe(true);
    expect(homes("/home/ada/.bun/cache")).toBe(true);
    expect(homes("/home/ada/.cachet/pip")).toBe(false);
    expect(homes("/home/.cache/x/y")).toBe(false);
    expect(homes("/home/ada/.config/Code Cache")).toBe(false);
    // The text after the wildcard may start where the literal start ends (`*` matching nothing).
    expect(compileGlob("/abc*abc")("/abcabc")).toBe(true);
    expect(compileGlob("/abc*abc")("/abc")).toBe(false);
    expect(compileGlob("/abc*abcd/x")("/abcd/x")).toBe(false);
  });
});

describe("compileAnyGlob", () => {
  // Globs of every shape the tree must place right: exact text, a literal start then a wildcard, `dir/**` (which
  // matches dir itself, shorter than its literal start), no literal start at all, braces, classes and escapes.
  const shapes = ["/etc/hosts", "/etc/ssh/*", "/home/ada/.ssh/**", "/home/*/.aws/**", "**/.env", "*.pem", "/var/{log,lib}/**", "/opt/[ab]x/*", "/srv/a\\*b", "src", "src/**", "/"];
  const paths = [
    "/etc/hosts",
    "/etc/hosts2",
    "/etc/ssh/sshd_config",
    "/home/ada/.ssh",
    "/home/ada/.ssh/id_rsa",
    "/home/bob/.aws/credentials",
    "app/.env",
    ".env",
    "key.pem",
    "/var/log/x",
    "/var/lib",
    "/opt/ax/y",
    "/opt/cx/y",
    "/srv/a*b",
    "/srv/axb",
    "src",
    "src/main.ts",
    "srcs",
    "/",
    "",
  ];

  test("says what trying each glob in turn says, for every subset of the globs in a sliding window", () => {
    const differ: string[] = [];
    for (let from = 0; from < shapes.length; from++) {
      for (let to = from; to <= shapes.length; to++) {
        const globs = shapes.slice(from, to).map((glob) => ({ glob, matches: compileGlob(glob) }));
        const any = compileAnyGlob(globs);
        for (const path of paths) {
          const expected = globs.some(({ matches }) => matches(path));
          if (any(path) !== expected) differ.push(`${JSON.stringify(globs.map(({ glob }) => glob))} on ${JSON.stringify(path)}: expected ${expected}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  test("globs whose literal starts part way along one another (edges split in either order) say what each glob says", () => {
    const starts = ["/etc/ssl/private/*.key", "/etc/ssh/*", "/etc/s*", "/etc/ssh", "/etc/**", "/e*", "/etc/ssh/ssh_config.d/*.conf", "/etc/sudoers"];
    const probes = [
      "/etc/ssh/sshd_config",
      "/etc/ssh",
      "/etc/ss",
      "/etc/ssl/private/a.key",
      "/etc/ssl/private/a.pem",
      "/etc/sudoers",
      "/etc/sudo",
      "/etc",
      "/e",
      "/",
      "/etc/ssh/ssh_config.d/x.conf",
      "/etc/ssh/ssh_config.d/x.txt",
    ];
    const differ: string[] = [];
    for (const order of [starts, [...starts].reverse()]) {
      for (let count = 1; count <= order.length; count++) {
        const globs = order.slice(0, count).map((glob) => ({ glob, matches: compileGlob(glob) }));
        const any = compileAnyGlob(globs);
        for (const path of probes) {
          const expected = globs.some(({ matches }) => matches(path));
          if (any(path) !== expected) differ.push(`${JSON.stringify(globs.map(({ glob }) => glob))} on ${JSON.stringify(path)}: expected ${expected}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  test("no globs match nothing", () => {
    expect(compileAnyGlob([])("/etc/hosts")).toBe(false);
  });
});
