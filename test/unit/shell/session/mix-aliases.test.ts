// `mix NAME` runs mix.exs's alias of that name: its `cmd …` steps are shell
// commands, its other steps tasks (another alias is followed).
import { describe, expect, test } from "bun:test";
import { aliasCommands } from "../../../../src/shell/session/mix-aliases.ts";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const mixExs = (aliases: string) =>
  `defmodule App.MixProject do\n  use Mix.Project\n  def project, do: [app: :app, version: "0.1.0", aliases: aliases()]\n  defp aliases do\n    [\n${aliases}\n    ]\n  end\nend\n`;

describe("mix aliases", () => {
  test("an alias's cmd steps are its shell commands; a step naming another alias follows it", () => {
    const text = mixExs(
      '      setup: ["deps.get", "assets.setup"],\n      "assets.setup": ["cmd --cd assets npm ci", "esbuild.install"],\n      purge: "cmd rm -rf \\"$HOME/.cache\\""',
    );
    expect(aliasCommands(text, "setup")).toEqual(["npm ci"]);
    expect(aliasCommands(text, "purge")).toEqual(['rm -rf "$HOME/.cache"']);
    expect(aliasCommands(text, "deps.get")).toEqual([]);
  });

  test("an alias naming its own task runs the real task; aliases that name each other end", () => {
    expect(aliasCommands(mixExs('      test: ["ecto.create --quiet", "test"]'), "test")).toEqual([]);
    expect(aliasCommands(mixExs('      a: ["b", "cmd echo a"],\n      b: ["a", "cmd echo b"]'), "a")).toEqual(["echo b", "echo a"]);
  });

  test("mix asks for mix.exs and judges what the alias runs", () => {
    expect(neededBy("mix setup")).toContain("mix.exs");
    for (const outside of ["mix new app", "mix local.hex --force", "mix archive.install hex phx_new"]) expect(neededBy(outside)).not.toContain("mix.exs");
    expect(ranFrom("mix reset_home", { "mix.exs": mixExs('      reset_home: ["cmd rm -rf ~/"]') })).toContain("rm /home/ada/");
    expect(ranFrom("mix compile", { "mix.exs": mixExs('      setup: ["cmd rm -rf ~/"]') })).toEqual([]);
  });
});
