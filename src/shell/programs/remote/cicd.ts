// CI/CD systems' own CLIs: CircleCI, GitLab Runner, Tekton, Argo Workflows.
// (GitHub Actions and GitLab CI are in gh and glab; the clouds' build
// services in aws, gcloud and az.)
import { destroys, group, names, nounChain, readVerbs } from "./grammar.ts";
import { KUBECONFIG_OPTION } from "./kubernetes.ts";
import type { RemoteCli } from "./remote-cli.ts";

export const CIRCLECI: RemoteCli = {
  id: "circleci",
  names: ["circleci"],
  about: "CircleCI CLI",
  spec: group(
    "cicd",
    {
      // `store-secret` replaces a context variable's value every job using the context then reads.
      context: group(undefined, { ...names(["delete", "remove-secret", "store-secret"], destroys()), ...readVerbs(["list", "show"]) }),
      ...names(["namespace", "orb", "pipeline", "project"], group(undefined, { delete: destroys(), ...readVerbs(["list", "info"]) })),
    },
    { "--token": "value", "--host": "url" },
  ),
  examples: {
    cicd: {
      asks: [
        "circleci context delete github acme prod",
        "circleci context remove-secret github acme prod AWS_KEY",
        "circleci context store-secret --org-id 0f1e prod DEPLOY_KEY < key.txt",
      ],
      passes: ["circleci config validate", "circleci context list github acme"],
    },
  },
};

// Travis CI's CLI: `env set`/`unset`/`clear` replace or delete a repository's build variables
// (private ones cannot be read back); `disable` stops its builds. `env list` shows private values hidden.
export const TRAVIS: RemoteCli = {
  id: "travis",
  names: ["travis"],
  about: "Travis CI CLI",
  spec: group(
    "cicd",
    {
      env: group(undefined, { ...names(["set", "unset", "clear", "copy"], destroys()), ...readVerbs(["list"]) }),
      ...names(["disable", "cancel"], destroys()),
    },
    { "-r": "value", "--repo": "value", "-t": "value", "--token": "value", "-e": "url", "--api-endpoint": "url" },
  ),
  examples: {
    cicd: {
      asks: ['travis env set AWS_SECRET_ACCESS_KEY "$KEY" --private -r acme/api', "travis env clear --force", "travis disable -r acme/old"],
      passes: ["travis env list -r acme/api", "travis status", "travis logs 123", "travis lint .travis.yml"],
    },
  },
};

// Woodpecker CI's CLI (`woodpecker-cli [repo|org|global] secret rm`, `repo rm`, `pipeline purge`): removing a
// secret, a repository's pipelines or its registry logins asks.
export const WOODPECKER: RemoteCli = {
  id: "woodpecker-cli",
  names: ["woodpecker-cli", "woodpecker"],
  about: "Woodpecker CI CLI",
  spec: {
    ...nounChain(
      { ...names(["rm", "remove", "delete", "purge"], destroys()), ...readVerbs(["ls", "list", "info", "show", "logs"]) },
      { "-s": "url", "--server": "url", "-t": "value", "--token": "value", "--repository": "value", "--name": "value", "--value": "value" },
    ),
    tags: ["cicd"],
  },
  examples: {
    cicd: {
      asks: ["woodpecker-cli repo secret rm --repository acme/app --name deploy_token", "woodpecker-cli pipeline purge acme/app"],
      passes: ["woodpecker-cli repo secret ls --repository acme/app", "woodpecker-cli pipeline ls acme/app"],
    },
  },
};

export const GITLAB_RUNNER: RemoteCli = {
  id: "gitlab-runner",
  names: ["gitlab-runner"],
  about: "GitLab Runner",
  spec: group("cicd", { unregister: destroys(), ...readVerbs(["list", "status", "verify"]) }, { "-c": "read", "--config": "read" }),
  examples: { cicd: { asks: ["gitlab-runner unregister --all-runners"], passes: ["gitlab-runner list", "gitlab-runner status"] } },
};

export const TKN: RemoteCli = {
  id: "tkn",
  names: ["tkn"],
  about: "Tekton CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "rm"], destroys()), ...readVerbs(["list", "ls", "describe", "logs"]) },
      { "-n": "value", "--namespace": "value", "--context": "value", "-k": "read", "--kubeconfig": KUBECONFIG_OPTION },
    ),
    tags: ["cicd"],
  },
  examples: { cicd: { asks: ["tkn pipelinerun delete --all -n ci -f", "tkn pr rm build-7x2"], passes: ["tkn pipelinerun list -n ci", "tkn pr logs build-7x2 -f"] } },
};

export const ARGO: RemoteCli = {
  id: "argo",
  names: ["argo"],
  about: "Argo Workflows CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "rm"], destroys()), ...readVerbs(["list", "get", "logs", "watch"]) },
      { "-n": "value", "--namespace": "value", "--context": "value", "--kubeconfig": KUBECONFIG_OPTION, "-s": "url", "--argo-server": "url" },
    ),
    tags: ["cicd"],
  },
  examples: { cicd: { asks: ["argo delete --all -n ci", "argo cron delete nightly"], passes: ["argo list -n ci", "argo submit wf.yaml --watch"] } },
};

const SPIN_OPTIONS = { "--config": "read", "--gate-endpoint": "url", "--output": "value", "--application": "value", "-a": "value", "--name": "value", "-n": "value" } as const;
const SPIN_LEVEL = group(undefined, { delete: destroys(SPIN_OPTIONS), ...readVerbs(["get", "list"], SPIN_OPTIONS) }, SPIN_OPTIONS);

// Spinnaker's spin (Fermyon's Spin shares the name: `spin up`, `spin build`
// and `spin deploy` stay leaves). Running a pipeline is a deploy
// (builtin:publish); deleting an application, a pipeline or a template asks.
export const SPIN: RemoteCli = {
  id: "spin",
  names: ["spin"],
  about: "Spinnaker CLI (spin)",
  spec: group("cicd", {
    ...names(["application", "applications", "app", "pipeline", "pipelines", "pi", "pipeline-templates", "pipeline-template", "pt", "project", "projects"], SPIN_LEVEL),
    canary: group(undefined, { ...names(["canary-configs", "canary-config", "cc"], SPIN_LEVEL) }, SPIN_OPTIONS),
  }),
  examples: {
    cicd: {
      asks: ["spin application delete checkout", "spin pipeline delete --name bake --application checkout", "spin pt delete base-template"],
      passes: ["spin application list", "spin pipeline get --name bake --application checkout", "spin up", "spin build --up"],
    },
  },
};

const BK_OPTIONS = { "--org": "value", "-o": "value", "--pipeline": "value", "-p": "value" } as const;

export const BK: RemoteCli = {
  id: "bk",
  names: ["bk"],
  about: "Buildkite CLI",
  spec: { ...nounChain({ ...names(["delete", "cancel", "stop"], destroys(BK_OPTIONS)), ...readVerbs(["list", "view", "watch", "logs"], BK_OPTIONS) }, BK_OPTIONS), tags: ["cicd"] },
  examples: {
    cicd: {
      asks: ["bk build cancel 812 --pipeline acme/web", "bk agent stop 0190-ab --force", "bk pipeline delete acme/legacy"],
      passes: ["bk build list --pipeline acme/web", "bk build view 812", "bk agent list"],
    },
  },
};
