// Random values for the generators: ordinary, wrong-typed, huge, deep, odd.
import { deeplyNested, Raw } from "./json-text.ts";
import type { Random } from "./random.ts";

/** Limits of what the generators produce, so one case stays bounded in time and memory. */
const VALUE_LIMITS = {
  hugeStringBytes: 1024 * 1024,
  deepestNesting: 100_000,
  widestCollection: 2_000,
} as const;

const ODD_STRINGS = [
  "",
  " ",
  "rm -rf ~",
  "~/.ssh/id_rsa",
  "../../../../etc/passwd",
  "/dev/zero",
  "__proto__",
  "constructor",
  "prototype",
  "${HOME}",
  "$(rm -rf ~)",
  "\u0000",
  "\u0000rm",
  "\u001b[31mred\u001b[0m",
  "\r\n\r\n",
  "Content-Length: 5\r\n\r\n{}",
  "\ud800",
  "\udc00x",
  "🦀🦀🦀",
  "\u202eevil\u202c",
  "ﬀﬁ",
  "A".repeat(300),
  "null",
  "true",
  "0",
  "-1",
  "NaN",
  "\\",
  '"',
  "'",
  "`",
];

export function oddString(rng: Random): string {
  switch (rng.int(0, 5)) {
    case 0:
      return rng.pick(ODD_STRINGS);
    case 1:
      return hugeString(rng);
    case 2:
      return Array.from({ length: rng.size(200) }, () => String.fromCharCode(rng.int(0, 0xffff))).join("");
    case 3:
      return Array.from({ length: rng.size(100) }, () => String.fromCharCode(rng.int(0, 0x7f))).join("");
    default:
      return rng.pick(ODD_STRINGS) + rng.pick(ODD_STRINGS);
  }
}

export function hugeString(rng: Random): string {
  const unit = rng.pick(["x", "é", "🦀", "a\n", "\\", '"', "\u0000", "rm -rf ~; "]);
  return unit.repeat(Math.max(1, Math.floor(rng.size(VALUE_LIMITS.hugeStringBytes) / unit.length)));
}

/** Numbers whose text JSON.parse does not print back the same. */
const ODD_NUMBER_TEXTS = ["9007199254740993", "-9007199254740993", "123456789012345678901234567890", "1e400", "-1e400", "1.5", "0.1e1", "1E+2", "-0", "1.0", "5e-324"];

function oddNumber(rng: Random): Raw | number {
  if (rng.chance(0.5)) return new Raw(rng.pick(ODD_NUMBER_TEXTS));
  return rng.pick([0, -1, 1.5, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE, Number.MIN_VALUE]);
}

export function deepValue(rng: Random): Raw {
  return deeplyNested(rng.size(VALUE_LIMITS.deepestNesting) + 1, rng.chance(0.5) ? "array" : "object");
}

/** Any JSON value, nested a little. */
export function anyValue(rng: Random, depth = 0): unknown {
  const choice = rng.int(0, depth > 2 ? 6 : 9);
  switch (choice) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return oddNumber(rng);
    case 3:
    case 4:
      return oddString(rng);
    case 5:
      return rng.int(-5, 100);
    case 6:
      return rng.pick(["ls", "bash", "read", "policy", "status"]);
    case 7:
      return Array.from({ length: rng.size(8) }, () => anyValue(rng, depth + 1));
    case 8:
      return Object.fromEntries(
        Array.from({ length: rng.size(8) }, () => [
          rng.chance(0.7) ? rng.pick(["command", "path", "input", "name", "tool", "content", "id", "__proto__"]) : oddString(rng).slice(0, 40),
          anyValue(rng, depth + 1),
        ]),
      );
    default:
      return rng.chance(0.05) ? deepValue(rng) : wide(rng);
  }
}

function wide(rng: Random): unknown {
  const count = rng.size(VALUE_LIMITS.widestCollection);
  return rng.chance(0.5) ? Array.from({ length: count }, (_, i) => i) : Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
}

/** A value of a different JSON type than `value`, or a troublesome one of the same. */
export function wrongValue(rng: Random, value: unknown): unknown {
  const options: Array<() => unknown> = [
    () => null,
    () => rng.int(-3, 3),
    () => rng.chance(0.5),
    () => oddString(rng),
    () => [],
    () => [value],
    () => ({}),
    () => ({ value }),
    () => deepValue(rng),
    () => oddNumber(rng),
    () => hugeString(rng),
  ];
  const typeOf = (x: unknown) => (x === null ? "null" : Array.isArray(x) ? "array" : typeof x);
  for (let tries = 0; tries < 5; tries++) {
    const candidate = rng.pick(options)();
    if (typeOf(candidate) !== typeOf(value) || rng.chance(0.2)) return candidate;
  }
  return null;
}
