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
      context: group(undefined, { ...names(["delete", "remove-secret"], destroys()), ...readVerbs(["list", "show"]) }),
      ...names(["namespace", "orb", "pipeline", "project"], group(undefined, { delete: destroys(), ...readVerbs(["list", "info"]) })),
    },
    { "--token": "value", "--host": "url" },
  ),
  examples: {
    cicd: {
      asks: ["circleci context delete github acme prod", "circleci context remove-secret github acme prod AWS_KEY"],
      passes: ["circleci config validate", "circleci context list github acme"],
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
