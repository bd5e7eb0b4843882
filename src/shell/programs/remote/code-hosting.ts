// Code hosting platforms: GitHub's gh (and hub), GitLab's glab. Deleting or
// archiving a repository, deleting releases, secrets, variables, keys and
// other objects, and `api -X DELETE` ask; Actions runs and caches are CI/CD.
// (`gh repo edit --visibility public` is publishing: builtin:publish.)
import type { ProgramSpec } from "../spec.ts";
import { type Category, UPLOAD } from "./categories.ts";
import { destroys, destroysWith, group, labelled, leaf, names, type Options, printsCredential, printsToken, printsTokenWith, reads, readVerbs, uploads } from "./grammar.ts";
import { DELETING_MUTATION } from "./http.ts";
import type { RemoteCli } from "./remote-cli.ts";

const REPO_OPTION: Options = { "-R": "value", "--repo": "value", "--hostname": "value" };
/** A body read from a file: `gh issue create --body-file notes.md`, `gh pr comment 3 -F reply.md`. */
const BODY_FILE: Options = { ...REPO_OPTION, "-F": "read", "--body-file": "read", "-b": "value", "--body": "value", "-t": "value", "--title": "value" };
/** A key added to an account or a repository (`gh ssh-key add KEY.pub --title laptop`): the operand is the key file read. */
const KEY_ADD: Options = { ...REPO_OPTION, "-t": "value", "--title": "value", "--type": "value", "-w": "flag", "--allow-write": "flag" };
const GLAB_KEY_ADD: Options = { ...REPO_OPTION, "-t": "value", "--title": "value", "-e": "value", "--expires-at": "value", "--usage-type": "value" };
const API_OPTIONS: Options = {
  ...REPO_OPTION,
  "-X": "value",
  "--method": "value",
  "-f": "value",
  "--raw-field": "value",
  "-F": "value",
  "--field": "value",
  "-H": "value",
  "--header": "value",
  "--input": "read",
  "-q": "value",
  "--jq": "value",
  "-t": "value",
  "--template": "value",
  "--cache": "value",
  "-p": "value",
  "--preview": "value",
};
const API = destroysWith(["-X=DELETE", "--method=DELETE"], API_OPTIONS);

/** `auth token` prints the token; `auth status` does with `--show-token`. */
const auth = (options: Options) => group(undefined, { token: printsToken(options), status: printsTokenWith(["-t", "--show-token"], options) }, options);

const deleting = (category: Category, verbs: readonly string[], more: Record<string, ProgramSpec> = {}) =>
  group(category, { ...names(verbs, destroys(REPO_OPTION)), ...readVerbs(["list", "ls", "view", "status"], REPO_OPTION), ...more }, REPO_OPTION);

export const GH: RemoteCli = {
  id: "gh",
  names: ["gh"],
  about: "GitHub CLI",
  // GH_PAGER (else PAGER) and the editor and browser it opens are command lines it runs.
  spec: {
    ...group(
      undefined,
      {
        repo: deleting("platform", ["delete", "archive"], { "deploy-key": group(undefined, { delete: destroys(REPO_OPTION), add: leaf(KEY_ADD) }, REPO_OPTION) }),
        // `upload --clobber` deletes the published asset of the same name before uploading.
        // Release assets and gists are files sent to GitHub, where others can read them.
        release: deleting("platform", ["delete", "delete-asset"], { upload: destroysWith(["--clobber"], REPO_OPTION, { tags: [UPLOAD] }), create: uploads(REPO_OPTION) }),
        ...names(["secret", "variable", "label", "gist", "ssh-key", "gpg-key", "issue", "codespace", "cs", "ruleset"], deleting("platform", ["delete", "remove"])),
        // `secret set` and `variable set` replace the value every workflow and deploy then uses; a secret's
        // old value cannot be read back. Listing names (and `variable get`: GitHub variables are plain
        // configuration, never secrets) passes.
        ...names(["secret", "variable"], deleting("platform", ["delete", "remove", "set"], { get: reads(REPO_OPTION) })),
        ...names(["ssh-key", "gpg-key"], deleting("platform", ["delete", "remove"], { add: leaf(KEY_ADD) })),
        gist: deleting("platform", ["delete", "remove"], { create: uploads(REPO_OPTION), new: uploads(REPO_OPTION), edit: uploads(REPO_OPTION) }),
        // An issue's or a comment's body read from a file (`--body-file`, `-F`) is posted where others read it.
        issue: deleting("platform", ["delete", "remove"], { ...names(["create", "new", "comment", "edit"], uploads(BODY_FILE)) }),
        project: deleting("platform", ["delete", "item-delete", "field-delete"]),
        ...names(["run", "cache"], deleting("cicd", ["delete"])),
        // A disabled workflow stops running (its checks, its scheduled scans) until someone enables it again.
        workflow: deleting("cicd", ["disable"]),
        // `pr merge --admin` merges past the branch's protection: its required reviews and checks.
        pr: deleting("platform", [], { merge: destroysWith(["--admin"], REPO_OPTION), ...names(["create", "new", "comment", "edit", "review"], uploads(BODY_FILE)) }),
        api: group("platform", {}, undefined, API),
        auth: auth({ "-h": "value", "--hostname": "value" }),
      },
      REPO_OPTION,
    ),
    env: { GH_PAGER: "shell", PAGER: "shell", GH_EDITOR: "shell", EDITOR: "shell", VISUAL: "shell", GH_BROWSER: "shell", BROWSER: "shell" },
  },
  alsoAsksWhen: [{ category: "platform", subcommand: "api*", args: [DELETING_MUTATION] }],
  examples: {
    platform: {
      asks: [
        "gh repo delete acme/old-site --yes",
        "gh api graphql -f query='mutation { deleteRepository(input: {repositoryId: \"R_1\"}) { clientMutationId } }'",
        "gh release delete v1.2.0 --yes",
        "gh release upload v1.2.0 dist/app.tar.gz --clobber",
        "gh secret delete NPM_TOKEN",
        'gh secret set NPM_TOKEN --body "$NEW_TOKEN" --repo acme/app',
        "gh variable set DEPLOY_URL -b https://api.example.com -e production",
        "gh api -X DELETE repos/acme/app/hooks/42",
        "gh api --method DELETE /repos/acme/app",
        "gh pr merge 318 --rebase --admin",
      ],
      passes: [
        "gh pr list",
        "gh pr merge 318 --squash --auto",
        "gh repo view acme/app",
        "gh secret list -R acme/app",
        "gh variable list --env production",
        "gh variable get DEPLOY_URL",
        "gh api repos/acme/app/pulls",
        "gh release view v1.3.0",
        "gh release upload v1.3.0 dist/checksums.txt",
      ],
    },
    cicd: {
      asks: ["gh run delete 123456", "gh cache delete --all", "gh workflow disable codeql.yml -R acme/app"],
      passes: ["gh run list --limit 5", "gh run view 123456 --log", "gh workflow run release.yml --ref v2", "gh workflow list"],
    },
  },
};

export const HUB: RemoteCli = {
  id: "hub",
  names: ["hub"],
  about: "hub (GitHub)",
  // `hub api` takes gh's flags: `-X DELETE` on a ref, a repository or a protection removes it.
  spec: group("platform", { delete: destroys(), api: group("platform", {}, undefined, API) }),
  examples: {
    platform: {
      asks: ["hub delete -y acme/old", "hub api --method DELETE repos/acme/shop/git/refs/tags/v1.0"],
      passes: ["hub browse", "hub pr list", "hub api repos/acme/webapp/branches"],
    },
  },
};

const GLAB_API = destroysWith(["-X=DELETE", "--method=DELETE"], API_OPTIONS);

export const GLAB: RemoteCli = {
  id: "glab",
  names: ["glab"],
  about: "GitLab CLI",
  spec: group(
    undefined,
    {
      // `glab repo archive` downloads an archive: it is not GitHub's archive.
      ...names(["repo", "release", "variable", "var", "label", "deploy-key", "snippet", "ssh-key", "issue", "mr", "schedule-token"], deleting("platform", ["delete"])),
      ...names(["ssh-key", "deploy-key"], deleting("platform", ["delete"], { add: leaf(GLAB_KEY_ADD) })),
      // `glab snippet create FILE…`: the files are posted as a snippet.
      snippet: deleting("platform", ["delete"], {
        ...names(
          ["create", "new"],
          uploads({
            ...REPO_OPTION,
            "-t": "value",
            "--title": "value",
            "-f": "value",
            "--filename": "value",
            "-d": "value",
            "--description": "value",
            "-v": "value",
            "--visibility": "value",
          }),
        ),
      }),
      // CI/CD variables hold the project's deploy keys and tokens (masked ones too): `export` prints every
      // value, `get` one; `set` and `update` replace what every pipeline then uses.
      ...names(["variable", "var"], deleting("platform", ["delete", "set", "update"], { ...names(["export", "get"], printsCredential(REPO_OPTION)) })),
      ...names(["ci", "pipe", "pipeline", "schedule"], deleting("cicd", ["delete"])),
      api: group("platform", {}, undefined, GLAB_API),
      auth: auth({ "-h": "value", "--hostname": "value" }),
      // `token create` and `token rotate` print the new access token; `token revoke` cuts off whatever used it.
      token: labelled("platform", group(undefined, { ...names(["create", "rotate"], printsCredential()), revoke: destroys() })),
      // `glab config get token`: the stored access token (any other key is a plain setting).
      config: group(undefined, {
        get: { options: { "-h": "value", "--host": "value", "-g": "flag", "--global": "flag" }, operands: ["value"], subcommands: { token: printsToken() } },
      }),
    },
    REPO_OPTION,
  ),
  examples: {
    platform: {
      asks: [
        "glab repo delete acme/old --yes",
        "glab variable delete DEPLOY_TOKEN",
        "glab var set DEPLOY_URL https://api.example.com",
        "glab variable update STAGE canary --scope production",
        "glab api -X DELETE projects/123/protected_branches/main",
        "glab token revoke ci-bot",
      ],
      passes: ["glab mr list", "glab repo archive acme/app", "glab api projects/123", "glab variable list", "glab var list --group acme"],
    },
    cicd: { asks: ["glab ci delete 4567", "glab schedule delete 12"], passes: ["glab ci status", "glab ci view"] },
  },
};

const TEA_LOGIN: Options = { "-l": "value", "--login": "value", "-r": "value", "--repo": "value", "-R": "value", "--remote": "value", "-o": "value", "--output": "value" };

/** Gitea's and Forgejo's tea: `repos delete`, `releases delete`, `webhooks delete`, `branches unprotect`, `admin users` … each names a noun, then a verb. */
export const TEA: RemoteCli = {
  id: "tea",
  names: ["tea"],
  about: "tea (Gitea, Forgejo)",
  spec: group(
    "platform",
    {
      ...names(
        [
          "repos",
          "repo",
          "releases",
          "release",
          "r",
          "labels",
          "label",
          "milestones",
          "milestone",
          "ms",
          "webhooks",
          "webhook",
          "hooks",
          "hook",
          "organizations",
          "organization",
          "org",
          "branches",
          "branch",
          "b",
        ],
        group(
          undefined,
          {
            ...names(["delete", "rm"], destroys({ ...TEA_LOGIN, "--owner": "value", "--name": "value", "-y": "flag", "--confirm": "flag" })),
            unprotect: destroys(TEA_LOGIN),
            ...readVerbs(["list", "ls"], TEA_LOGIN),
          },
          TEA_LOGIN,
        ),
      ),
      ...readVerbs(["whoami", "open", "notifications"]),
    },
    TEA_LOGIN,
  ),
  examples: {
    platform: {
      asks: ["tea repos delete --owner acme --name shop", "tea releases delete --confirm v1.2.0", "tea branches unprotect main"],
      passes: ["tea repos list", "tea issues list --state open", "tea pr checkout 42", "tea releases create --tag v1.3.0 --title v1.3.0"],
    },
  },
};
