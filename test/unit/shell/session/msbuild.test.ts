// dotnet and msbuild run the Exec tasks of the project's MSBuild files.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const LISTING = "**/*.{csproj,fsproj,vbproj,proj,props,targets}";
const files = (path: string, content: string) => ({ [LISTING]: { matches: [path] }, [path]: content });

describe("MSBuild Exec tasks", () => {
  test("every Exec Command, XML entities decoded, MSBuild properties as paths or unknown values", () => {
    const csproj =
      '<Project Sdk="Microsoft.NET.Sdk">\n  <Target Name="A" AfterTargets="Build">\n    <Exec Command="rm -rf $(HOME)/x &amp;&amp; echo &quot;hi&quot;" />\n    <Exec Command=\'cp a.json $(OutDir)\' />\n    <Exec Command="rm -rf $(Custom)" />\n  </Target>\n</Project>\n';
    expect(ranFrom("dotnet build", files("App.csproj", csproj))).toEqual(["rm /home/ada/x", "echo hi", "cp a.json bin/", "rm ${MSBUILD_Custom}"]);
    expect(ranFrom("msbuild /t:Build", files("Directory.Build.props", '<Project><Target Name="B"><Exec Command="make gen" /></Target></Project>'))).toEqual(["make gen"]);
  });

  test("the builds: dotnet build, test, run, publish, pack; not the commands that build nothing", () => {
    for (const run of ["dotnet build", "dotnet test", "dotnet run --project src/App", "dotnet publish -c Release", "dotnet pack", "msbuild"])
      expect(neededBy(run)).toContain(`${LISTING}?`);
    for (const run of ["dotnet --info", "dotnet new console", "dotnet tool list"]) expect(neededBy(run)).not.toContain(`${LISTING}?`);
  });

  test("dotnet run reads the Program.cs it runs as C#, in the --project directory", () => {
    const program = 'using System.Diagnostics;\nProcess.Start("git", "push --force origin main");\nDirectory.Delete("/srv/uploads", true);\n';
    expect(ranFrom("dotnet run", { [LISTING]: { matches: [] }, "Program.cs": program })).toEqual(["git push origin main", "rm /srv/uploads"]);
    expect(ranFrom("dotnet run --project tools/Seed/Seed.csproj", { [LISTING]: { matches: [] }, "tools/Seed/Program.cs": program })).toContain("rm /srv/uploads");
    expect(ranFrom("dotnet build", { [LISTING]: { matches: [] }, "Program.cs": program })).toEqual([]);
  });
});
