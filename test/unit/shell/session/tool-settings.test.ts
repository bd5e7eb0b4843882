// Client settings in the home directory that name a command the client runs
// when it connects: ssh's ProxyCommand/LocalCommand/Match exec, a
// kubeconfig's exec plugin, the AWS config's credential_process.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";

describe("client settings that run commands", () => {
  test("ssh, scp and git's push read ~/.ssh/config (or -F FILE); a local git command does not", () => {
    expect(neededBy("ssh host")).toContain(`${HOME}/.ssh/config?`);
    expect(neededBy("git push origin main")).toContain(`${HOME}/.ssh/config?`);
    expect(neededBy("ssh -F ops/ssh_config host")).toContain("ops/ssh_config?");
    expect(neededBy("git status")).not.toContain(`${HOME}/.ssh/config?`);
  });

  test("ProxyCommand, LocalCommand and Match exec are commands; other settings are not", () => {
    const config =
      'Host *\n  ProxyCommand make proxy\n  LocalCommand make local\n  IdentityFile ~/.ssh/id_ed25519\nMatch exec "make match"\n  User x\n# ProxyCommand make commented\n';
    const ran = ranFrom("ssh host", { [`${HOME}/.ssh/config`]: config });
    expect(ran).toEqual(expect.arrayContaining(["make proxy", "make local", "make match"]));
    expect(ran).not.toContain("make commented");
  });

  test("a kubeconfig's exec plugin runs with its args; the AWS config's credential_process runs", () => {
    const kube = "users:\n- name: u\n  user:\n    exec:\n      command: make\n      args: [token]\n";
    expect(ranFrom("kubectl get pods", { [`${HOME}/.kube/config`]: kube })).toContain("make token");
    expect(ranFrom("helm --kubeconfig k.yaml list", { "k.yaml": kube })).toContain("make token");
    expect(ranFrom("aws s3 ls", { [`${HOME}/.aws/config`]: "[default]\ncredential_process = make creds\n" })).toContain("make creds");
  });

  test("ssh's keyword is parted from its value by any blank or '=', and may be quoted; AWS keys in any case", () => {
    const ssh = (config: string) => ranFrom("sftp backup", { [`${HOME}/.ssh/config`]: config });
    expect(ssh("Host backup\n\tLocalCommand\tnotify-send done\n")).toContain("notify-send done");
    expect(ssh("Host *\nproxycommand\t \tnc %h 22\n")).toContain("nc %h 22");
    expect(ssh('Host *\n  "KnownHostsCommand" ssh-keyscan %H\n')).toContain("ssh-keyscan %H");
    expect(ssh("Host *\n  ProxyCommand=\tnc %h %p\n")).toContain("nc %h %p");
    expect(ssh("Host *\n  ProxyCommandX nc %h %p\n")).toEqual([]);
    const aws = (config: string) => ranFrom("aws sts get-caller-identity", { [`${HOME}/.aws/config`]: config });
    expect(aws("[profile ci]\nCredential_Process = vault-token ci\n")).toContain("vault-token ci");
    expect(aws("[profile ci]\n\tcredential_process\t=\tvault-token ci\n")).toContain("vault-token ci");
  });

  test("ssh's Include brings in more settings: each file it names (under ~/.ssh when relative, globs listed) is read too", () => {
    const config = `${HOME}/.ssh/config`;
    const hosts = { [config]: "Include hosts.conf\nHost *\n  User me\n", [`${HOME}/.ssh/hosts.conf`]: "Host db\n  ProxyCommand ssh-proxy %h\n" };
    expect(ranFrom("ssh db", hosts)).toContain("ssh-proxy %h");
    expect(neededBy("ssh db", { [config]: 'Include ~/.ssh/conf.d/*.conf "/etc/ssh/team.conf"\n' })).toEqual(
      expect.arrayContaining([`${HOME}/.ssh/conf.d/*.conf?`, "/etc/ssh/team.conf?"]),
    );
    // A file that includes itself, or two that include each other, end.
    const loop = { [config]: "Include config b.conf\n", [`${HOME}/.ssh/b.conf`]: "Include config\nLocalCommand notify-send hi\n" };
    expect(ranFrom("ssh db", loop).filter((line) => line === "notify-send hi")).toEqual(["notify-send hi"]);
  });

  test("$KUBECONFIG (a list) and AWS_CONFIG_FILE name the settings read instead of the home's", () => {
    const kube = "users:\n- name: u\n  user:\n    exec:\n      command: make\n      args: [token]\n";
    expect(ranFrom("KUBECONFIG=./kube.yaml kubectl get pods", { "kube.yaml": kube })).toContain("make token");
    expect(ranFrom("KUBECONFIG=a.yaml:ops/b.yaml helm list", { "a.yaml": "kind: Config\n", "ops/b.yaml": kube })).toContain("make token");
    expect(neededBy("KUBECONFIG=./kube.yaml kubectl get pods")).not.toContain(`${HOME}/.kube/config?`);
    expect(ranFrom("AWS_CONFIG_FILE=./aws.cfg aws s3 ls", { "aws.cfg": "[default]\ncredential_process = make creds\n" })).toContain("make creds");
  });
});
