// The seeded generated cases in full: bare `bun test` checks the first fifth
// of each sequence (test/support/generated.ts), and this run loads the same
// test files with the whole of it — the literal prefilter and user patterns
// against plain RE2, the private-key and password-assignment shortcuts, glob
// meeting and inclusion against Bun.Glob and the automata.
process.env.SYNAPS_POLICY_FULL_GENERATED = "1";

// Loaded after the line above, so that test/support/generated.ts reads it (static imports would run first).
await import("./unit/match/regex.test.ts");
await import("./unit/match/secrets/redact.test.ts");
await import("./unit/match/secrets/own.test.ts");
await import("./unit/match/glob-sets.test.ts");

export {};
