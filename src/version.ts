// What this build is. build.ts fills the BUILD_* constants in at compile time;
// running from source they read "dev".
import packageJson from "../package.json" with { type: "json" };

declare const BUILD_COMMIT: string | undefined;
declare const BUILD_DATE: string | undefined;
declare const BUILD_TARGET: string | undefined;

export const NAME = "synaps-policy";
export const VERSION: string = packageJson.version;

export const BUILD = {
  commit: typeof BUILD_COMMIT === "string" ? BUILD_COMMIT : "dev",
  date: typeof BUILD_DATE === "string" ? BUILD_DATE : "dev",
  target: typeof BUILD_TARGET === "string" ? BUILD_TARGET : `${process.platform}-${process.arch}`,
  bun: Bun.version,
} as const;
