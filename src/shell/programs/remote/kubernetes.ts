// Kubernetes and the tools that drive it: kubectl and oc, helm, Argo CD,
// Flux, Skaffold, Tilt, kubeadm, istioctl. Deleting, draining, cordoning,
// scaling to zero, forced replaces, pruning applies, rollbacks and uninstalls
// ask; a client- or server-side dry run never does.
import type { ProgramSpec } from "../spec.ts";
import { kubectlRuns, ocRsh } from "./container-commands.ts";
import { destroys, destroysWith, dryRunWith, group, leaf, names, nounChain, type Options, printsCredential, printsCredentialWith, reads, readVerbs } from "./grammar.ts";
import { DESTROY } from "./categories.ts";
import { CREDENTIAL_OUTPUT } from "../output-labels.ts";
import type { RemoteCli } from "./remote-cli.ts";

/**
 * The kubeconfig a client is told to use: it authenticates with the file and never prints it (as `ssh -i KEY`
 * does), so naming `~/.kube/config` or `$KUBECONFIG` there is not reading the credential.
 */
export const KUBECONFIG_OPTION = "value";

const KUBECTL_OPTIONS: Options = {
  "-n": "value",
  "--namespace": "value",
  "--context": "value",
  "--cluster": "value",
  "--kubeconfig": KUBECONFIG_OPTION,
  "-s": "url",
  "--server": "url",
  "--token": "value",
  "--user": "value",
  "--as": "value",
  "--as-group": "value",
  "--as-uid": "value",
  "--request-timeout": "value",
  "-v": "value",
  "--v": "value",
  "--certificate-authority": "read",
  "--client-certificate": "read",
  "--client-key": "read",
  "--cache-dir": "path",
  "--tls-server-name": "value",
  "--profile": "value",
  "-f": "read",
  "--filename": "read",
  "-k": "path",
  "--kustomize": "path",
  "-l": "value",
  "--selector": "value",
  "-o": "value",
  "--output": "value",
  "--field-selector": "value",
  "--grace-period": "value",
  "--timeout": "value",
  "-c": "value",
  "--container": "value",
  "--replicas": "value",
  "--dry-run": "flag",
  "--for": "value",
  "--image": "value",
  "-p": "value",
  "--patch": "value",
  "--type": "value",
  "--prune-allowlist": "value",
};

/**
 * A dry run changes nothing; neither does anything done to a throwaway cluster on this machine, named by the context
 * its tool creates: kind, minikube, k3d, Docker
 * Desktop, Rancher Desktop, OrbStack, colima, microk8s.
 */
const DRY_RUN = dryRunWith(
  "--dry-run=client",
  "--dry-run=server",
  ...["kind-*", "minikube", "k3d-*", "docker-desktop", "docker-for-desktop", "rancher-desktop", "orbstack", "colima", "microk8s"].map((context) => `--context=${context}`),
);
const DELETES = destroys(KUBECTL_OPTIONS, { tagsWith: DRY_RUN });
/**
 * Deleting one named pod is how a pod is restarted: its deployment, stateful set or job makes it again. Deleting
 * every pod, pods by selector, or forcing it past its grace period (a stateful pod's data may be cut off) asks.
 */
const POD_DELETE = destroysWith(["--all", "-A", "--all-namespaces", "-l", "--selector", "--field-selector", "--force", "--now", "--grace-period=0"], KUBECTL_OPTIONS, {
  tagsWith: DRY_RUN,
});
/** `delete KIND NAME…`: a pod by name is a restart; any other kind, or `delete -f FILE` (no kind word), deletes. */
const DELETE = group(undefined, { ...names(["pod", "pods", "po", "pod/*", "pods/*", "po/*"], POD_DELETE), "*": DELETES, "**": DELETES }, KUBECTL_OPTIONS, {
  tagsAlone: [DESTROY],
  tagsWith: DRY_RUN,
});

/**
 * `get secret … -o yaml|json|go-template=…` prints the secret's values (`describe` shows only their sizes); a
 * JSONPath does when it reaches `data`/`stringData`, the whole object (`{@}`, `{$}`, `{.}`, `{.items}`,
 * `{.items[*]}`; in these values a `*` stands for any text) or anything below by recursive descent (`{..password}`),
 * and so does the metadata's annotations (whole, or `{.metadata}` with them): `kubectl apply` keeps the object it
 * applied, values and all, in `last-applied-configuration`. `{.type}` or `{.metadata.name}` is metadata. Custom
 * columns are JSONPaths too (`NAME:.metadata.name,TYPE:.type`): the same reaches print values, and so does a column
 * of the whole object (`X:.`) or one read from a file.
 */
const VALUE_REACHES = ["*.data*", "*stringdata*", "*'data'*", '*"data"*', "*..*", "*annotations*", "*.metadata}*"];
const JSONPATH_VALUES = [...VALUE_REACHES, "*{@}*", "*{$}*", "*{.}*", "*{.items}*", "*{.items[*]}*"].map((value) => `jsonpath${value}`);
const COLUMN_VALUES = [
  ...[...VALUE_REACHES, "*:.metadata", "*:.metadata,*", "*:.", "*:.,*", "*:@*", "*:$*", "*:{*", "*:.items", "*:.items,*", "*:.items[*]", "*:.items[*],*"].map(
    (value) => `custom-columns=${value}`,
  ),
  "custom-columns-file*",
];
const OUTPUT_VALUES = ["json", "yaml", "*template*", ...COLUMN_VALUES, ...JSONPATH_VALUES].flatMap((value) => [`-o=${value}`, `--output=${value}`]);
const SECRET_GET = printsCredentialWith([...OUTPUT_VALUES, "--template"], { ...KUBECTL_OPTIONS, "--template": "value" });
/** A JSONPath that reaches the values of containers' environment variables (`{..env[*].value}`) prints what pods were given as secrets. */
const ENV_VALUES = ["jsonpath*env*value*"].flatMap((value) => [`-o=${value}`, `--output=${value}`]);
const GET = group(
  undefined,
  {
    ...names(["secret", "secrets", "secret/*", "secrets/*"], SECRET_GET),
    "*": reads(KUBECTL_OPTIONS, { tagsWith: Object.fromEntries(ENV_VALUES.map((value) => [value, [CREDENTIAL_OUTPUT]])) }),
  },
  KUBECTL_OPTIONS,
);

const KUBECTL_VERBS: Record<string, ProgramSpec> = {
  delete: DELETE,
  ...names(["drain", "cordon"], DELETES),
  // `certificate approve CSR`: whoever holds the request's key now has a certificate the cluster trusts.
  certificate: group(undefined, { approve: DELETES, "*": leaf(KUBECTL_OPTIONS) }, KUBECTL_OPTIONS),
  scale: destroysWith(["--replicas=0"], KUBECTL_OPTIONS, { tagsWith: DRY_RUN }),
  replace: destroysWith(["--force"], KUBECTL_OPTIONS, { tagsWith: DRY_RUN }),
  apply: destroysWith(["--prune"], KUBECTL_OPTIONS, { tagsWith: DRY_RUN }),
  rollout: group(undefined, { undo: DELETES, ...readVerbs(["status", "history"], KUBECTL_OPTIONS) }, KUBECTL_OPTIONS),
  ...readVerbs(["describe", "logs", "diff", "explain", "top", "version", "api-resources", "cluster-info", "events", "auth"], KUBECTL_OPTIONS),
  get: GET,
  // `config view --raw` prints the kubeconfig with its tokens and keys; `create token` a new service-account token.
  config: group(undefined, { view: printsCredentialWith(["--raw"], KUBECTL_OPTIONS), "*": leaf(KUBECTL_OPTIONS) }, KUBECTL_OPTIONS),
  create: group(undefined, { token: printsCredential(KUBECTL_OPTIONS), "*": leaf(KUBECTL_OPTIONS) }, KUBECTL_OPTIONS),
  ...kubectlRuns(KUBECTL_OPTIONS),
};

// `kubectl edit` opens KUBE_EDITOR (else EDITOR): a command line it runs.
const KUBECTL = { ...group("kubernetes", KUBECTL_VERBS, KUBECTL_OPTIONS), env: { KUBE_EDITOR: "shell", EDITOR: "shell" } } as const;
const OC = group(
  "kubernetes",
  {
    ...KUBECTL_VERBS,
    rsh: ocRsh(KUBECTL_OPTIONS),
    whoami: printsCredentialWith(["-t", "--show-token"], KUBECTL_OPTIONS),
    adm: group(undefined, { ...names(["drain", "cordon", "prune"], DELETES) }, KUBECTL_OPTIONS),
  },
  KUBECTL_OPTIONS,
);

/** Labels and annotations that take workloads out of the mesh or let privileged pods in. */
const MESH_OR_POD_SECURITY_OFF = [
  "istio-injection-",
  "istio-injection=disabled",
  "istio.io/rev-",
  "sidecar.istio.io/inject=false",
  "linkerd.io/inject-",
  "linkerd.io/inject=disabled",
  "kuma.io/sidecar-injection=disabled",
  "pod-security.kubernetes.io/enforce=privileged",
  "pod-security.kubernetes.io/enforce-",
].join("|");
/** A mesh's mutual TLS switched off or made optional, in a patch's body (JSON or YAML, spaced or not). */
const MTLS_OFF = ['*"mode"*:*"DISABLE"*', '*"mode"*:*"PERMISSIVE"*', "*mode:*DISABLE*", "*mode:*PERMISSIVE*"].join("|");

export const KUBECTL_CLI: RemoteCli = {
  id: "kubectl",
  names: ["kubectl"],
  about: "Kubernetes CLI",
  spec: KUBECTL,
  examples: {
    kubernetes: {
      asks: [
        "kubectl delete namespace staging",
        "kubectl -n prod delete pod api-7d9 --grace-period=0 --force",
        "kubectl drain node-3 --ignore-daemonsets",
        "kubectl scale deploy/api --replicas=0",
        "kubectl apply -f k8s/ --prune -l app=api",
        "kubectl replace --force -f pod.yaml",
        "kubectl rollout undo deploy/api",
        "kubectl delete pods -l app=api -n staging",
        "kubectl delete po --all",
        "kubectl delete -f k8s/",
        "kubectl taint nodes node-2 maintenance=true:NoExecute",
        "kubectl certificate approve alice-csr",
        "kubectl --context prod-eu delete namespace scratch",
        "kubectl label namespace payments istio-injection-",
        "kubectl label ns shop istio-injection=disabled --overwrite",
        "kubectl annotate deploy api linkerd.io/inject=disabled --overwrite",
        "kubectl label ns build pod-security.kubernetes.io/enforce=privileged",
        'kubectl patch peerauthentication default -n istio-system --type merge -p \'{"spec":{"mtls":{"mode":"PERMISSIVE"}}}\'',
      ],
      passes: [
        "kubectl get pods -A",
        "kubectl describe deploy api",
        "kubectl logs -f deploy/api",
        "kubectl apply -f k8s/",
        "kubectl delete -f k8s/ --dry-run=client",
        "kubectl --context kind-dev delete namespace scratch",
        "kubectl scale deploy/api --replicas=3",
        "kubectl diff -f k8s/",
        "kubectl delete pod worker-5c9d-x2k -n qa",
        "kubectl -n qa delete pods/web-6b7f-abc",
        "kubectl taint nodes gpu-1 dedicated=ml:NoSchedule",
        "kubectl label namespace payments istio-injection=enabled",
        "kubectl label ns build pod-security.kubernetes.io/enforce=restricted",
        'kubectl patch peerauthentication default -n istio-system --type merge -p \'{"spec":{"mtls":{"mode":"STRICT"}}}\'',
        "kubectl annotate deploy api kubernetes.io/change-cause='bump image'",
      ],
    },
  },
  // A NoExecute taint evicts at once every pod on the node that does not tolerate it (a drain by another name).
  alsoAsksWhen: [
    { category: "kubernetes", subcommand: "taint", args: ["*:NoExecute|*:noexecute|*:NoExecute-"] },
    // A namespace or workload taken out of the service mesh (its sidecars, and with them mutual TLS, gone on the next
    // restart), or its pod security relaxed to let privileged pods in.
    { category: "kubernetes", subcommand: "label|annotate", args: [MESH_OR_POD_SECURITY_OFF] },
    // Mutual TLS switched off or made optional (`PeerAuthentication` `mtls.mode: DISABLE|PERMISSIVE`): traffic in the
    // mesh travels unencrypted and unauthenticated.
    { category: "kubernetes", subcommand: "patch", args: [MTLS_OFF] },
  ],
};

export const OC_CLI: RemoteCli = {
  id: "oc",
  names: ["oc"],
  about: "OpenShift CLI",
  spec: OC,
  examples: { kubernetes: { asks: ["oc delete project demo", "oc adm drain node-1"], passes: ["oc get pods", "oc status"] } },
};

const HELM_OPTIONS: Options = {
  "-n": "value",
  "--namespace": "value",
  "--kube-context": "value",
  "--kubeconfig": KUBECONFIG_OPTION,
  "--registry-config": "read",
  "--repository-cache": "path",
  "--repository-config": "read",
  "--kube-apiserver": "url",
  "--kube-token": "value",
  "--kube-as-user": "value",
  "--burst-limit": "value",
  "-f": "read",
  "--values": "read",
  "--set": "value",
  "--version": "value",
  "--timeout": "value",
};

const HELM_SCALED_TO_ZERO = ["replicacount", "replicas", "replica-count"].flatMap((key) => [`--set=*${key}=0`, `--set=*${key}=0,*`]);

export const HELM: RemoteCli = {
  id: "helm",
  names: ["helm"],
  about: "Helm",
  spec: group(
    "kubernetes",
    {
      ...names(["uninstall", "delete", "del", "un", "rollback"], destroys(HELM_OPTIONS, { tagsWith: dryRunWith("--dry-run") })),
      // A release's replicas set to zero (`--set replicaCount=0`, `--set api.replicas=0,…`): nothing left serving.
      // `upgrade --force` deletes and recreates the release's resources that changed.
      upgrade: destroysWith([...HELM_SCALED_TO_ZERO, "--force"], HELM_OPTIONS, { tagsWith: dryRunWith("--dry-run") }),
      install: destroysWith(HELM_SCALED_TO_ZERO, HELM_OPTIONS, { tagsWith: dryRunWith("--dry-run") }),
      ...readVerbs(["list", "ls", "status", "get", "history", "template", "show", "search", "lint", "diff"], HELM_OPTIONS),
    },
    HELM_OPTIONS,
  ),
  examples: {
    kubernetes: {
      asks: ["helm uninstall api -n prod", "helm rollback api 3 -n prod", "helm upgrade api ./chart -n prod --reuse-values --set replicaCount=0"],
      passes: ["helm list -A", "helm upgrade --install api ./chart -n staging", "helm uninstall api --dry-run", "helm upgrade api ./chart --set replicaCount=10,image.tag=v2"],
    },
  },
};

const ARGOCD_OPTIONS: Options = { "--server": "url", "--auth-token": "value", "--config": "read", "--grpc-web-root-path": "value" };

export const ARGOCD: RemoteCli = {
  id: "argocd",
  names: ["argocd"],
  about: "Argo CD CLI",
  spec: group(
    "kubernetes",
    {
      app: group(
        undefined,
        {
          // `delete-resource` deletes one live object of the app; `terminate-op` stops a sync halfway through.
          ...names(["delete", "rollback", "delete-resource", "terminate-op"], destroys(ARGOCD_OPTIONS)),
          sync: destroysWith(["--prune"], ARGOCD_OPTIONS, { tagsWith: dryRunWith("--dry-run", "--preview-changes") }),
          // `set --auto-prune`: from now on whatever leaves Git is deleted from the cluster with no one asked.
          set: destroysWith(["--auto-prune"], ARGOCD_OPTIONS),
          ...readVerbs(["list", "get", "diff", "history", "logs", "manifests", "resources"], ARGOCD_OPTIONS),
        },
        ARGOCD_OPTIONS,
      ),
      // Another account's password changed locks it out; a new token is a credential printed on the terminal.
      account: group(
        undefined,
        {
          "update-password": destroys(ARGOCD_OPTIONS),
          "generate-token": printsCredential(ARGOCD_OPTIONS),
          ...readVerbs(["list", "get", "get-user-info", "can-i"], ARGOCD_OPTIONS),
        },
        ARGOCD_OPTIONS,
      ),
      // `admin export` prints every Application, cluster and repository Secret of the installation, credentials included.
      admin: group(undefined, { export: printsCredential(ARGOCD_OPTIONS) }, ARGOCD_OPTIONS),
      cert: group(undefined, { ...names(["rm", "rm-ssh-known-hosts", "rm-tls"], destroys(ARGOCD_OPTIONS)), ...readVerbs(["list"], ARGOCD_OPTIONS) }, ARGOCD_OPTIONS),
      "*": nounChain({ ...names(["delete", "rm", "remove"], destroys(ARGOCD_OPTIONS)), ...readVerbs(["list", "get"], ARGOCD_OPTIONS) }, ARGOCD_OPTIONS),
    },
    ARGOCD_OPTIONS,
  ),
  examples: {
    kubernetes: {
      asks: [
        "argocd app delete api --cascade",
        "argocd app sync api --prune",
        "argocd cluster rm https://10.0.0.1:6443",
        "argocd app delete-resource api --kind Deployment --resource-name web",
        "argocd app set api --sync-policy automated --auto-prune",
        "argocd account update-password --account ci --new-password x",
        "argocd cert rm-ssh-known-hosts github.com",
      ],
      passes: ["argocd app list", "argocd app sync api", "argocd app manifests api", "argocd app set api --revision main", "argocd account list"],
    },
  },
};

export const FLUX: RemoteCli = {
  id: "flux",
  names: ["flux"],
  about: "Flux CD CLI",
  spec: group(
    "kubernetes",
    {
      ...names(["delete", "uninstall"], destroys({ "-n": "value", "--namespace": "value", "--context": "value", "--kubeconfig": KUBECONFIG_OPTION })),
      // `suspend --all` stops every reconciliation of its kind: the cluster drifts from Git unnoticed until resumed.
      suspend: destroysWith(["--all"], { "-n": "value", "--namespace": "value", "--context": "value", "--kubeconfig": KUBECONFIG_OPTION }),
      // `bootstrap` installs Flux cluster-wide, commits its manifests and hands a Git repository (and whoever owns it)
      // control of everything in the cluster; `install` puts the controllers in (`--export` only prints them).
      bootstrap: destroys({ "--owner": "value", "--repository": "value", "--branch": "value", "--path": "value", "--context": "value", "--kubeconfig": KUBECONFIG_OPTION }),
      install: destroys({ "--context": "value", "--kubeconfig": KUBECONFIG_OPTION, "--components": "value" }, { tagsWith: dryRunWith("--export") }),
      ...readVerbs(["get", "check", "logs", "stats", "tree", "diff"]),
    },
    { "-n": "value", "--namespace": "value", "--context": "value", "--kubeconfig": KUBECONFIG_OPTION },
  ),
  examples: {
    kubernetes: {
      asks: [
        "flux delete kustomization apps --silent",
        "flux uninstall --namespace flux-system",
        "flux suspend helmrelease --all -n apps",
        "flux bootstrap github --owner=acme --repository=fleet --branch=main --path=clusters/prod",
        "flux bootstrap git --url=ssh://git@git.example.test/fleet.git --path=clusters/edge",
        "flux install --components-extra=image-reflector-controller",
      ],
      passes: [
        "flux get kustomizations",
        "flux reconcile kustomization apps",
        "flux suspend kustomization podinfo",
        "flux check --pre",
        "flux install --export > flux-system/gotk-components.yaml",
        "flux bootstrap github --help",
      ],
    },
  },
};

export const SKAFFOLD: RemoteCli = {
  id: "skaffold",
  names: ["skaffold"],
  about: "Skaffold",
  spec: group("kubernetes", { delete: destroys() }),
  examples: { kubernetes: { asks: ["skaffold delete -p prod"], passes: ["skaffold dev", "skaffold build"] } },
};

export const TILT: RemoteCli = {
  id: "tilt",
  names: ["tilt"],
  about: "Tilt",
  spec: group("kubernetes", { down: destroys() }),
  examples: { kubernetes: { asks: ["tilt down --delete-namespaces"], passes: ["tilt up", "tilt logs"] } },
};

export const KUBEADM: RemoteCli = {
  id: "kubeadm",
  names: ["kubeadm"],
  about: "kubeadm",
  spec: group("kubernetes", { reset: destroys() }),
  examples: { kubernetes: { asks: ["kubeadm reset -f"], passes: ["kubeadm version", "kubeadm token list"] } },
};

export const ISTIOCTL: RemoteCli = {
  id: "istioctl",
  names: ["istioctl"],
  about: "Istio CLI",
  // `install`/`upgrade` replace the mesh's control plane for every workload (`--dry-run` only shows it); `tag remove`
  // unhooks the namespaces that inject through that revision tag; a waypoint deleted drops its L7 policies.
  spec: group("kubernetes", {
    uninstall: destroys(),
    ...names(["install", "upgrade"], destroys(undefined, { tagsWith: dryRunWith("--dry-run", "-d") })),
    tag: group(undefined, { remove: destroys(), ...readVerbs(["list"]) }),
    ...names(
      ["x", "experimental"],
      group(undefined, {
        uninstall: destroys(),
        // `x revision remove REV`: that control-plane revision goes, and the proxies it injected lose their control plane.
        revision: group(undefined, { remove: destroys(), ...readVerbs(["list", "describe"]) }),
        waypoint: group(undefined, { delete: destroys(), ...readVerbs(["list", "status"]) }),
      }),
    ),
    waypoint: group(undefined, { delete: destroys(), ...readVerbs(["list", "status"]) }),
    "proxy-config": group(undefined, { secret: printsCredentialWith(["-o", "--output"]) }),
  }),
  examples: {
    kubernetes: {
      asks: [
        "istioctl uninstall --purge -y",
        "istioctl install --set profile=demo -y",
        "istioctl tag remove default",
        "istioctl x waypoint delete --all",
        "istioctl x revision remove 1-18 -y",
      ],
      passes: ["istioctl analyze", "istioctl proxy-status", "istioctl install --dry-run", "istioctl tag list", "istioctl manifest generate --set profile=demo"],
    },
  },
};

/** Cluster lifecycle tools: each can take a whole cluster or node down in one verb. */
export const KOPS: RemoteCli = {
  id: "kops",
  names: ["kops"],
  about: "kOps (Kubernetes Operations)",
  spec: group(
    "kubernetes",
    { delete: destroys({ "--name": "value", "--state": "value", "-f": "read", "--filename": "read" }), "rolling-update": leaf() },
    { "--state": "value", "--name": "value" },
  ),
  examples: {
    kubernetes: {
      asks: ["kops delete cluster --name k8s.acme.dev --yes", "kops delete instancegroup nodes-b --name k8s.acme.dev"],
      passes: ["kops get clusters", "kops validate cluster"],
    },
  },
};

export const TALOSCTL: RemoteCli = {
  id: "talosctl",
  names: ["talosctl"],
  about: "Talos Linux CLI",
  // `reset` wipes a node's disks; `shutdown`/`reboot` take it off the cluster.
  spec: group(
    "kubernetes",
    { ...names(["reset", "shutdown", "reboot"], destroys({ "-n": "value", "--nodes": "value", "-e": "value", "--endpoints": "value" })) },
    { "-n": "value", "--nodes": "value", "-e": "value", "--endpoints": "value", "--talosconfig": "read" },
  ),
  examples: {
    kubernetes: { asks: ["talosctl -n 10.0.0.4 reset --graceful=false", "talosctl shutdown -n 10.0.0.5"], passes: ["talosctl -n 10.0.0.4 dmesg", "talosctl get members"] },
  },
};
