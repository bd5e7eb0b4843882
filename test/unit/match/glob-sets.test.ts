import { describe, expect, test } from "bun:test";
import { compileGlob } from "../../../src/match/glob.ts";
import { globIncluded, globsIntersect, keptAutomata } from "../../../src/match/glob-sets.ts";
import { GLOB_SET_REMEMBERED_KEY_CHARS, GLOB_SET_REMEMBERED_STATES } from "../../../src/limits.ts";
import { setTestLimit } from "../../support/test-limit.ts";
import { countText, generatedCases } from "../../support/generated.ts";

setTestLimit();

describe("globsIntersect", () => {
  test("a shell pattern that may name a protected file meets the rule's glob", () => {
    expect(globsIntersect("/home/ada/.aw?/credentials", "shell", "/home/ada/.aws/**", "policy")).toBe(true);
    expect(globsIntersect("/home/ada/.ss[h]/id_*", "shell", "/home/ada/.ssh/**", "policy")).toBe(true);
  });

  test("patterns that can name no common path do not meet", () => {
    expect(globsIntersect("/tmp/*.log", "shell", "/home/ada/**", "policy")).toBe(false);
    expect(globsIntersect("src/*.ts", "shell", "**/*.js", "policy")).toBe(false);
  });

  test("a shell wildcard never matches a leading dot; a policy glob's may", () => {
    expect(globsIntersect("/home/ada/*", "shell", "/home/ada/.bashrc", "policy")).toBe(false);
    expect(globsIntersect("/home/ada/.*", "shell", "/home/ada/.bashrc", "policy")).toBe(true);
  });

  test("a name-leading shell * before a dot matches something: *.log never names .log (bash leaves it unmatched)", () => {
    expect(globsIntersect("*.log", "shell", ".log", "policy")).toBe(false);
    expect(globsIntersect("src/*.env", "shell", "src/.env", "policy")).toBe(false);
    expect(globsIntersect("*.log", "shell", "a.log", "policy")).toBe(true);
    // Only at the start of a name: inside one the star may still match nothing.
    expect(globsIntersect("a*.log", "shell", "a.log", "policy")).toBe(true);
    expect(globsIntersect("*.log", "policy", ".log", "policy")).toBe(true);
    expect(globIncluded("*.egg-info", "shell", ["[!./]*.[a-zA-Z0-9_]*"], "policy")).toBe(true);
    expect(globIncluded("*.*", "shell", ["[!./]*.[a-zA-Z0-9_]*"], "policy")).toBe(false);
  });

  test("a shell * that is a whole name matches at least one character", () => {
    expect(globsIntersect("/a/*/b", "shell", "/a//b", "policy")).toBe(false);
  });

  test("policy braces are alternatives", () => {
    expect(globsIntersect("x/*.pem", "shell", "**/*.{key,pem}", "policy")).toBe(true);
  });

  test("an extended glob group is taken as the widest thing it could match", () => {
    expect(globsIntersect("/home/ada/.@(ssh|aws)/x", "shell", "/home/ada/.aws/**", "policy")).toBe(true);
    expect(globsIntersect("x/@(a|b)", "shell", "**/*.pem", "policy")).toBe(true);
  });

  test("+([…]) and *([…]) over one set are exact: characters of that set only", () => {
    // What `$(git rev-parse --short HEAD)` prints is hex: never a key file's name.
    expect(globsIntersect("app:+([0-9a-f])", "shell", "**/*.pem", "policy")).toBe(false);
    expect(globsIntersect("backup-+([0-9]).tar", "shell", "**/*.key", "policy")).toBe(false);
    expect(globsIntersect("x.+([a-z])", "shell", "**/*.key", "policy")).toBe(true);
    expect(globsIntersect("logs/*([0-9])", "shell", "logs/", "policy")).toBe(true); // none at all
    expect(globsIntersect("logs/+([0-9])", "shell", "logs/", "policy")).toBe(false);
    // A set that may hold a slash, or a dot where a name starts, stays the widest reading (`*`: so "b" too).
    expect(globsIntersect("+([/a])", "shell", "b", "policy")).toBe(true);
    expect(globsIntersect("+([.a])", "shell", "b", "policy")).toBe(true);
    expect(globsIntersect("x+([.a])", "shell", "xb", "policy")).toBe(false);
  });
});

describe("globIncluded", () => {
  test("a repeated set lies inside a glob whose class holds it", () => {
    expect(globIncluded("build-+([0-9])", "shell", ["[a-zA-Z0-9_]*"], "policy")).toBe(true);
    expect(globIncluded("+([0-9])", "shell", ["[a-zA-Z0-9_]*"], "policy")).toBe(true);
    expect(globIncluded("*([0-9])x", "shell", ["[0-9]*"], "policy")).toBe(false); // "x" alone
  });

  test("every path the pattern may name lies inside the globs", () => {
    expect(globIncluded("/tmp/build/*", "shell", ["/tmp/**"], "policy")).toBe(true);
    expect(globIncluded("/t*/build", "shell", ["/tmp/**"], "policy")).toBe(false);
  });

  test("coverage may come from several globs together", () => {
    expect(globIncluded("/data/[ab]/x", "shell", ["/data/a/**", "/data/b/**"], "policy")).toBe(true);
    expect(globIncluded("/data/[abc]/x", "shell", ["/data/a/**", "/data/b/**"], "policy")).toBe(false);
  });
});

/** A small deterministic generator: the same cases on every run. */
function seeded(seed: number) {
  let state = seed;
  const next = (limit: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % limit;
  };
  return { next, pick: <T>(items: readonly T[]) => items[next(items.length)]! };
}

describe("against Bun.Glob on plain paths (seeded property test)", () => {
  const random = seeded(20240611);
  const segmentGlob = () => Array.from({ length: 1 + random.next(3) }, () => random.pick(["a", "b", ".", "*", "?", "[ab]", "[!a]", "{a,b}", "a"])).join("");
  const glob = () => Array.from({ length: 1 + random.next(3) }, () => (random.next(5) === 0 ? "**" : segmentGlob())).join("/");
  const path = () => Array.from({ length: 1 + random.next(3) }, () => Array.from({ length: 1 + random.next(3) }, () => random.pick(["a", "b", "."])).join("")).join("/");

  const pairs = generatedCases(3_000);
  test(`for ${countText(pairs)} glob × path pairs, meeting and inclusion agree with the policy's Bun.Glob matcher`, () => {
    const disagreements: string[] = [];
    for (let index = 0; index < pairs; index++) {
      const pattern = glob();
      const plain = path();
      const expected = compileGlob(pattern)(plain);
      if (globsIntersect(plain, "shell", pattern, "policy") !== expected) disagreements.push(`meet ${plain} ${pattern}`);
      if (globIncluded(plain, "shell", [pattern], "policy") !== expected) disagreements.push(`include ${plain} ${pattern}`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe("a shell pattern's ** (as the guard writes find's paths)", () => {
  test("a whole-name ** is any number of directories, none hidden, and never starts a relative path at /", () => {
    expect(globsIntersect("**/x", "shell", "src/a/b/x", "policy")).toBe(true);
    expect(globsIntersect("**/x", "shell", ".git/x", "policy")).toBe(false);
    expect(globsIntersect("**/*.ts", "shell", "/home/ada/.ssh/**", "policy")).toBe(false);
    expect(globsIntersect("/home/ada/**", "shell", "/home/ada", "policy")).toBe(true);
  });

  test("a hidden level written out is reached", () => {
    expect(globsIntersect("/home/ada/**/.*/**/credentials", "shell", "/home/ada/.aws/**", "policy")).toBe(true);
  });

  test("** at the start of a name is a * that matches a leading dot too", () => {
    expect(globsIntersect("/home/ada/**rc", "shell", "/home/ada/.bashrc", "policy")).toBe(true);
    expect(globsIntersect("/home/ada/*rc", "shell", "/home/ada/.bashrc", "policy")).toBe(false);
  });

  test("inclusion follows the same reading", () => {
    expect(globIncluded("/tmp/**/x", "shell", ["/tmp/?*", "/tmp/?*/**"], "policy")).toBe(true);
    expect(globIncluded("/tmp/**", "shell", ["/tmp/?*", "/tmp/?*/**"], "policy")).toBe(false);
    expect(globIncluded("build/**/*.o", "shell", ["[a-zA-Z0-9_]*/**"], "policy")).toBe(true);
  });
});

/** A meter that counts what it is charged and throws past `limit`, like the call's work budget. */
function meterOf(limit = Number.POSITIVE_INFINITY) {
  const meter = {
    spent: 0,
    charge(units: number) {
      meter.spent += units;
      if (meter.spent > limit) throw new Error("spent");
    },
  };
  return meter;
}

describe("the work is charged to the caller's meter", () => {
  test("a crafted pattern runs out of the meter instead of running on", () => {
    const crafted = `/tmp/*${"?*a?*b?*c".repeat(6)}`;
    expect(() => globIncluded(crafted, "shell", ["/tmp/**"], "policy", meterOf(10_000))).toThrow("spent");
  });

  test("literal starts and ends that differ answer before any automaton (nothing charged)", () => {
    const meter = meterOf();
    expect(globsIntersect("/tmp/*?*?*?*", "shell", "/home/ada/**", "policy", meter)).toBe(false);
    expect(globsIntersect("src/*?*?*.ts", "shell", "**/*.js", "policy", meter)).toBe(false);
    expect(globIncluded("/var/*?*?*", "shell", ["/tmp/**", "/home/ada/**"], "policy", meter)).toBe(false);
    expect(meter.spent).toBe(0);
  });

  test("dir/** still meets dir itself, and a suffix inside braces is not taken as literal", () => {
    expect(globsIntersect("/home/ada", "shell", "/home/ada/**", "policy", meterOf())).toBe(true);
    expect(globsIntersect("x/*.pem", "shell", "**/*.{key,pem}", "policy", meterOf())).toBe(true);
  });

  test("an answer given again costs what it cost the first time (the budget stays deterministic)", () => {
    const pattern = `/tmp/*${"?*x".repeat(4)}/**`;
    const first = meterOf();
    const answer = globIncluded(pattern, "shell", ["/tmp/?*", "/tmp/?*/**"], "policy", first);
    const second = meterOf();
    expect(globIncluded(pattern, "shell", ["/tmp/?*", "/tmp/?*/**"], "policy", second)).toBe(answer);
    expect(first.spent).toBeGreaterThan(0);
    expect(second.spent).toBe(first.spent);
  });
});

describe("prefilters agree with the automata (seeded property test)", () => {
  const random = seeded(4_711);
  const piece = () => random.pick(["a", "b", ".", "*", "?", "[ab]", "/", "**/", "ab", "{a,b}"]);
  const glob = () => Array.from({ length: 1 + random.next(5) }, piece).join("");
  const shell = () =>
    Array.from({ length: 1 + random.next(5) }, piece)
      .join("")
      .replaceAll("{a,b}", "@(a|b)");

  const pairs = generatedCases(1_000);
  test(`for ${countText(pairs)} pattern × glob pairs, the answer is the one the automata give with no literal end to compare`, () => {
    // `q…z` and `[q]…[z]` name the same paths; the bracketed spelling has no literal start or end, so only the
    // automata answer for it, while the plain one goes through the prefilters first.
    const disagreements: string[] = [];
    for (let index = 0; index < pairs; index++) {
      const pattern = shell();
      const policy = glob();
      const meets = globsIntersect(`q${pattern}z`, "shell", `q${policy}z`, "policy");
      if (globsIntersect(`[q]${pattern}[z]`, "shell", `[q]${policy}[z]`, "policy") !== meets) disagreements.push(`meet ${pattern} ${policy}`);
      const inside = globIncluded(`q${pattern}z`, "shell", [`q${policy}z`], "policy");
      if (globIncluded(`[q]${pattern}[z]`, "shell", [`[q]${policy}[z]`], "policy") !== inside) disagreements.push(`include ${pattern} ${policy}`);
      // With no end appended, a final `/**` (which also matches the directory itself) reaches the prefilter too.
      if (globsIntersect(`q${pattern}`, "shell", `q${policy}`, "policy") !== globsIntersect(`[q]${pattern}`, "shell", `[q]${policy}`, "policy"))
        disagreements.push(`meet ${pattern} ${policy} (no end)`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe("automata kept between calls", () => {
  test("hold at most the states the limit allows, and a forgotten one built again answers the same", () => {
    // Long literal globs: one state per character, so a quarter more of them than the limit holds (each one's
    // automaton is built twice below; more globs would prove nothing more, only cost more).
    const start = `/srv/${"deep/".repeat(20)}`;
    const globs = Array.from({ length: Math.ceil((1.25 * GLOB_SET_REMEMBERED_STATES) / start.length) }, (_, index) => `${start}${index}/**`);
    expect(globs.length * start.length).toBeGreaterThan(GLOB_SET_REMEMBERED_STATES);
    // A pattern whose literal start every glob shares, so that no glob is skipped before its automaton is built.
    const first = globs.map((glob) => globsIntersect(`${start}*/x`, "shell", glob, "policy"));
    const kept = keptAutomata();
    expect(kept.states).toBeGreaterThan(GLOB_SET_REMEMBERED_STATES / 2);
    expect(kept.states).toBeLessThanOrEqual(GLOB_SET_REMEMBERED_STATES);
    // Asked with another pattern (not a remembered pair), every glob's automaton is needed again, most built anew.
    const again = globs.map((glob) => globsIntersect(`${start}*1/**`, "shell", glob, "policy"));
    expect(keptAutomata().states).toBeLessThanOrEqual(GLOB_SET_REMEMBERED_STATES);
    const expected = (pattern: RegExp) => globs.map((glob) => pattern.test(glob.slice(0, -3)));
    expect(first).toEqual(expected(/\/[^/]+$/));
    expect(again).toEqual(expected(/\/[^/]*1$/));
  });

  test("answers are kept up to the characters of their keys, and one forgotten is worked out again the same", () => {
    // Globs with no literal start: every one may cover the pattern, so one key names all 60 (~14,000 characters).
    // 26 such keys are ~430,000 characters as kept, past the limit with room (40 took half as long again, checking no more).
    const globs = (index: number) => Array.from({ length: 60 }, (_, glob) => `**/${"long-directory-name/".repeat(10)}${index}-${glob}/*.txt`);
    const ask = (index: number) => globIncluded(`/data/${index}/*.txt`, "shell", globs(index), "policy");
    const asked = 26;
    expect(asked * globs(asked).join("").length).toBeGreaterThan(GLOB_SET_REMEMBERED_KEY_CHARS * 1.2);
    const first = Array.from({ length: asked }, (_, index) => ask(index));
    expect(keptAutomata().answerKeyChars).toBeGreaterThan(GLOB_SET_REMEMBERED_KEY_CHARS / 2);
    expect(keptAutomata().answerKeyChars).toBeLessThanOrEqual(GLOB_SET_REMEMBERED_KEY_CHARS);
    expect(first.some(Boolean)).toBe(false);
    expect(Array.from({ length: asked }, (_, index) => ask(index))).toEqual(first);
    expect(globIncluded(`/x/${"long-directory-name/".repeat(10)}3-7/a.txt`, "shell", globs(3), "policy")).toBe(true);
  });
});

describe("a pattern that cannot start as a glob's literal text does", () => {
  // What `find … -name NAME -exec cmd … {}` hands its command: a relative pattern that roams every directory.
  const roaming = [
    "**/LICENSE",
    "**/*.py",
    "**/package.json",
    "**/.env*",
    "**/readme*",
    "src/**/*.ts",
    "**/config/*.json",
    "*.pem",
    "**/Makefile",
    "vendor/**/NOTICE",
    "**/+([0-9]).log",
    "docs/*.md",
  ];
  // Absolute globs of the kinds the packs name (system directories, dot directories in the home), unique to this test.
  const absolute = (run: string) =>
    Array.from({ length: 40 }, (_, index) => [`/etc/${run}-${index}/**`, `/home/ada/.${run}-${index}/**`, `/var/lib/${run}/*-${index}`, `/usr/${run}/{a,b}-${index}/**`]).flat();

  test("meets none of the absolute globs, and builds no automaton for them", () => {
    const globs = absolute("never-built");
    const before = keptAutomata().built;
    const meter = meterOf();
    const met = roaming.flatMap((pattern) => globs.filter((glob) => globsIntersect(pattern, "shell", glob, "policy", meter)));
    expect(met).toEqual([]);
    // One automaton per pattern (for reading the globs' literal starts), none per glob.
    expect(keptAutomata().built - before).toBeLessThanOrEqual(roaming.length);
    // A few states followed over the first character of each glob: far from a product walk per pair.
    expect(meter.spent).toBeLessThanOrEqual(roaming.length * globs.length * 8);
  });

  test("gives the automata's answer (the same glob with its first character in brackets has no literal start)", () => {
    const disagreements: string[] = [];
    const starts = ["/etc/", "/home/ada/.", "src/", "vendor/a/", "a/", "LICENSE", "x", ".env"];
    // An extglob group is read as `*`, which may match nothing: `@(a|b)/x` may start with a slash.
    for (const pattern of [...roaming, "**", "*", "**/x", "/**/x", "./**/x", "@(a|b)/**/x", "[!a]*/x"]) {
      for (const start of starts) {
        for (const rest of ["**", "*", "", "**/x", "*.py", "{a,b}/**"]) {
          const plain = `${start}${rest}`;
          const bracketed = `[${start[0]}]${start.slice(1)}${rest}`;
          if (globsIntersect(pattern, "shell", plain, "policy") !== globsIntersect(pattern, "shell", bracketed, "policy")) disagreements.push(`${pattern} ${plain}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
