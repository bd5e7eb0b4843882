// Package managers' settings files that replace the index they fetch from:
// which sources each file names, and which of them count as another index
// (any host but the tool's own over https, or one on this machine).
import { describe, expect, test } from "bun:test";
import { isForeignSource, SOURCE_ROWS, sourceRowsFor } from "../../../../src/shell/programs/package-sources.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** The foreign sources the row of `program` finds in `text`, as written. */
function foreign(program: string, text: string): string[] {
  const row = SOURCE_ROWS.find((candidate) => candidate.programs.includes(program))!;
  return row
    .read(text)
    .filter((source) => isForeignSource(source, row))
    .map((source) => (source.kind === "index" ? source.url : source.setting));
}

describe("the sources a settings file names", () => {
  test.each([
    ["cargo", '[source.crates-io]\nreplace-with = "m"\n[source.m]\nregistry = "sparse+https://crates.corp-cache.example/"\n', ["sparse+https://crates.corp-cache.example/"]],
    ["cargo", '[source.crates-io]\nreplace-with = "v"\n[source.v]\ndirectory = "vendor"\n[registries.own]\nindex = "https://x.example/index"\n', []],
    ["conda", "channels:\n  - conda-forge\n  - https://conda.anaconda.org/bioconda\n", []],
    ["conda", "channels:\n  - http://conda.corp.example/main\n", ["http://conda.corp.example/main"]],
    ["gem", ":sources:\n- https://rubygems.org/\n- https://gems.other.example/\n", ["https://gems.other.example/"]],
    ["bundle", '---\nBUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/: "https://gems.other.example"\nBUNDLE_PATH: "vendor"\n', ["https://gems.other.example"]],
    ["go", "GOPROXY=https://proxy.golang.org,direct\nGOPRIVATE=corp.example\n", []],
    ["go", "GOPROXY=https://goproxy.other.example\nGONOSUMDB=*\n", ["https://goproxy.other.example", "GONOSUMDB=*"]],
    ["mvn", "<settings><mirrors><mirror><url>https://repo1.maven.org/maven2</url></mirror></mirrors></settings>", []],
    [
      "mvn",
      "<settings><localRepository>/r</localRepository><profiles><profile><repositories><repository><url>http://nexus.example/r</url></repository></repositories></profile></profiles></settings>",
      ["http://nexus.example/r"],
    ],
    ["terraform", 'provider_installation {\n  filesystem_mirror {\n    path = "/tmp/providers"\n  }\n  direct {}\n}\n', ["filesystem_mirror /tmp/providers"]],
    ["npm", "registry=http://localhost:4873/\n@corp:registry=https://npm.corp.example/\n", []],
    ["npm", "; comment\nregistry = https://npm.other.example/\n", ["https://npm.other.example/"]],
  ] as const)("%s: %p", (program, text, expected) => {
    expect(foreign(program, text)).toEqual([...expected]);
  });
});

describe("which commands fetch", () => {
  test("an install, a build or a bare yarn fetches; a listing or a run of the project does not", () => {
    expect(sourceRowsFor("cargo", ["build", "--release"])).toHaveLength(1);
    expect(sourceRowsFor("cargo", ["fmt"])).toHaveLength(0);
    expect(sourceRowsFor("yarn", [])).toHaveLength(1);
    expect(sourceRowsFor("npm", ["run", "build"])).toHaveLength(0);
    expect(sourceRowsFor("terraform", ["plan"])).toHaveLength(0);
  });
});
