// Feature-flag services' CLIs: LaunchDarkly's ldcli, ConfigCat's, Flipt's
// (`flipt import --drop` wipes the store first). Deleting flags, projects,
// environments and segments asks. (Firebase Remote Config's rollback is in
// firebase; other services are reached over HTTP.)
import { destroys, destroysWith, group, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

export const LDCLI: RemoteCli = {
  id: "ldcli",
  names: ["ldcli"],
  about: "LaunchDarkly CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "archive"], destroys()), ...readVerbs(["list", "get"]) },
      { "--access-token": "value", "--project": "value", "--environment": "value", "--base-uri": "url", "-o": "value", "--output": "value", "--data": "value", "-d": "value" },
    ),
    tags: ["featureflags"],
  },
  examples: {
    featureflags: {
      asks: ["ldcli flags delete --project web --flag new-checkout", "ldcli projects delete --project legacy", "ldcli flags archive --project web --flag old-banner"],
      passes: ["ldcli flags list --project web", "ldcli flags toggle-on --project web --flag new-checkout --environment staging"],
    },
  },
};

export const CONFIGCAT: RemoteCli = {
  id: "configcat",
  names: ["configcat"],
  about: "ConfigCat CLI",
  spec: { ...nounChain({ ...names(["delete", "rm"], destroys()), ...readVerbs(["ls", "list", "show", "sh"]) }), tags: ["featureflags"] },
  examples: { featureflags: { asks: ["configcat flag rm -i 12345", "configcat config rm -i 08d8"], passes: ["configcat flag ls", "configcat scan ./src"] } },
};

export const FLIPT: RemoteCli = {
  id: "flipt",
  names: ["flipt"],
  about: "Flipt",
  spec: group(
    "featureflags",
    { import: destroysWith(["--drop"]), ...readVerbs(["export", "validate"]), "*": nounChain({ delete: destroys(), ...readVerbs(["list", "get"]) }) },
    { "--config": "read" },
  ),
  examples: {
    featureflags: { asks: ["flipt import --drop flags.yml", "flipt flag delete checkout-v2 --namespace default"], passes: ["flipt import flags.yml", "flipt export -o flags.yml"] },
  },
};
