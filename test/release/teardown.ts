// Preloaded by `bun run test:release`: an afterAll in a preload runs once,
// after every test file, which is when the shared release build can go.
import { afterAll } from "bun:test";
import { removeAll } from "./fixture.ts";

afterAll(() => removeAll());
