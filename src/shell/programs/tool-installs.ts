// Packages installed as commands of their own (issue 28, tail round 19):
// `go install MOD@VER`, `npm i -g`, `pnpm add -g`, `yarn global add`,
// `bun add -g`, `pipx install`, `uv tool install`, `cargo install`,
// `gem install`, `dotnet tool install -g`. Installed and then run on the same
// line, a package that is no well-known tool is what `npx -y NAME` is
// (runs-unknown-package): whatever the registry serves under that name today,
// run with the user's rights, with nobody having looked. Installing alone, or
// a well-known tool (category known-package-tool), passes.
import { inCategory } from "./categories.ts";
import type { SimpleCommand } from "../view/view.ts";

/** The tag a command gets when it runs a program the same input installed as a tool that is no well-known one. */
export const RUNS_INSTALLED_PACKAGE = "runs-installed-package";

/** How each installer is told to install a tool: the leading operands, and a flag it needs (a global install). */
type ToolInstaller = { verbs: readonly (readonly string[])[]; global?: readonly string[] };

const GLOBAL = ["-g", "--global"];

const TOOL_INSTALLERS: Readonly<Record<string, ToolInstaller>> = {
  go: { verbs: [["install"]] },
  npm: { verbs: [["install"], ["i"], ["add"], ["in"], ["isntall"]], global: GLOBAL },
  pnpm: { verbs: [["add"], ["install"], ["i"]], global: GLOBAL },
  yarn: { verbs: [["global", "add"]] },
  bun: { verbs: [["add"], ["install"], ["i"]], global: GLOBAL },
  pipx: { verbs: [["install"]] },
  uv: { verbs: [["tool", "install"]] },
  cargo: { verbs: [["install"]] },
  gem: { verbs: [["install"], ["i"]] },
  dotnet: { verbs: [["tool", "install"]], global: GLOBAL },
};

/** Go modules whose publishers are the language's own or the toolchain's best known (gopls, golangci-lint, staticcheck, …). */
const KNOWN_GO_PREFIXES = [
  "golang.org/x/",
  "honnef.co/go/tools/",
  "github.com/golangci/",
  "mvdan.cc/",
  "github.com/go-delve/",
  "google.golang.org/",
  "github.com/golang/",
  "gotest.tools/",
  "github.com/air-verse/",
  "github.com/cosmtrek/",
  "github.com/swaggo/",
  "github.com/sqlc-dev/",
  "github.com/pressly/goose/",
  "github.com/golang-migrate/",
  "github.com/goreleaser/",
  "github.com/bufbuild/",
  "github.com/grpc-ecosystem/",
  "github.com/vektra/mockery/",
  "go.uber.org/mock/",
  "github.com/a-h/templ/",
  "entgo.io/",
  "github.com/99designs/gqlgen",
];

/** A registry operand without its version or range: `@s/cli@2` → `@s/cli`, `ruff==0.6` → `ruff`. */
function withoutVersion(operand: string): string {
  return operand.replace(/^((?:@[^/]+\/)?[^@=<>~[]+).*$/, "$1");
}

/** The command name an installed package gives, guessed from its name: `github.com/o/keygen@v1` → keygen, `@s/cli@2` → cli. */
function commandName(operand: string, program: string): string | undefined {
  if (operand.startsWith("-") || operand.startsWith(".") || operand.startsWith("/")) return undefined;
  const bare = program === "go" ? operand.split("@")[0]! : withoutVersion(operand).replace(/^@[^/]+\//, "");
  const last = bare
    .split("/")
    .filter((part) => part !== "" && !/^v\d+$/.test(part))
    .pop();
  return last?.toLowerCase();
}

function isKnownTool(operand: string, program: string, name: string): boolean {
  if (program === "go") return KNOWN_GO_PREFIXES.some((prefix) => operand.startsWith(prefix)) || inCategory(name, "known-package-tool");
  const bare = withoutVersion(operand).toLowerCase();
  return inCategory(bare, "known-package-tool") || inCategory(name, "known-package-tool");
}

/**
 * The command names of the packages this command installs as tools that are not well-known ones; empty when it
 * installs none (a project dependency, a local path, a well-known tool). `go install` of a package without a
 * version builds the module in the current directory: the project's own.
 */
export function unknownToolsInstalled(command: SimpleCommand): string[] {
  const installer = TOOL_INSTALLERS[command.name];
  if (installer === undefined) return [];
  const verb = installer.verbs.find((words) => words.every((word, index) => command.operands[index] === word));
  if (verb === undefined) return [];
  if (installer.global && !command.flags.some((flag) => installer.global!.includes(flag))) return [];
  const packages = command.operands.slice(verb.length).filter((operand) => command.name !== "go" || operand.includes("@"));
  return packages.flatMap((operand) => {
    const name = commandName(operand, command.name);
    return name === undefined || isKnownTool(operand, command.name, name) ? [] : [name];
  });
}
