// A command whose output goes only into counters (wc, checksums, grep -c/-q)
// is tagged output-counted; anything else its output reaches keeps it untagged.
import { describe, expect, test } from "bun:test";
import { COUNTED_OUTPUT_TAG, NAMES_ONLY_TAG } from "../../../../src/shell/interpret/counted-output.ts";
import { decide } from "../../../support/decide.ts";
import { commandNamed, viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const taggedNames = (input: string) =>
  viewOf(input)
    .commands.filter((command) => command.tags.includes(COUNTED_OUTPUT_TAG))
    .map((command) => command.name);

describe("output that reaches only counters", () => {
  test.each([
    ["cat notes.txt | wc -l", ["cat"]],
    ["head -n 5 a.txt | grep -c x", ["head"]],
    ["cat a | grep -q y && echo found", ["cat"]],
    ["tail a | sha256sum", ["tail"]],
    ["n=$(cat a | wc -c)", ["cat"]],
  ])("%s tags the reader", (input, names) => {
    expect(taggedNames(input)).toEqual(names);
  });

  test.each(["cat a", "cat a | grep x", "cat a | sort | wc -l", "cat a > b | wc -l", "cat a | tee b | wc -l", "wc -l $(cat a)"])(
    "%s leaves the reader untagged: its text reaches a program that prints it, a file or an argument",
    (input) => {
      expect(taggedNames(input)).not.toContain("cat");
    },
  );

  test("a .env counted through a pipe passes; printed through one it is blocked", () => {
    expect(decide("cat .env | grep -c DATABASE_").decision).toBe("continue");
    expect(decide("cat .env | grep DATABASE_").decision).toBe("block");
    expect(decide("cat .env | base64 | wc -c").decision).toBe("block");
  });
});

describe("jq asked only for key names or a length prints no value of what it reads", () => {
  test("a secret's key names pass; its values, or a filter that can print them, are blocked", () => {
    for (const names of [
      "kubectl get secret api -o jsonpath='{.data}' | jq 'keys'",
      "kubectl get secret api -o json | jq -r '.data | keys[]'",
      "kubectl get secret api -o json | jq '.data | length'",
    ]) {
      expect(decide(names).decision).toBe("continue");
    }
    for (const values of [
      "kubectl get secret api -o json | jq '.data'",
      "kubectl get secret api -o json | jq -r '.data | keys[] as $k | .[$k]'",
      "kubectl get secret api -o json | jq -f pick.jq",
      "kubectl get secret api -o json | jq '.data | to_entries'",
    ]) {
      expect(decide(values).decision).toBe("block");
    }
  });

  test("the tag sits on jq only when its filter prints names, its options change only layout, and a CLI's read feeds it", () => {
    expect(commandNamed("kubectl get secret api -o json | jq -r '.data | keys[]'", "jq").tags).toContain(NAMES_ONLY_TAG);
    expect(commandNamed("kubectl get secret api -o json | jq --arg k x 'keys'", "jq").tags).not.toContain(NAMES_ONLY_TAG);
    expect(commandNamed("kubectl get secret api -o json | jq '.data.password'", "jq").tags).not.toContain(NAMES_ONLY_TAG);
    // A credential helper's list is keyed by the servers it holds logins for: those names are what it guards.
    expect(commandNamed("docker-credential-pass list | jq keys", "jq").tags).not.toContain(NAMES_ONLY_TAG);
    expect(decide("docker-credential-osxkeychain list | jq -r 'keys[]'").decision).toBe("block");
  });

  test("keys or a length of one field is no name: jq's error quotes a string's first characters, a number's length is itself", () => {
    for (const value of [
      "kubectl get secret db -o json | jq '.data.password|keys'",
      "kubectl get secret db -o json | jq '.data.data|keys'",
      "vault kv get -format=json secret/app | jq '.data.data.password | keys'",
      "vault kv get -format=json secret/app | jq '.data.data.pin|length'",
      "vault token lookup -format=json | jq '.data.id|keys'",
      "aws secretsmanager get-secret-value --secret-id db | jq '.SecretString|keys'",
    ]) {
      expect(decide(value).decision).toBe("block");
    }
    for (const names of [
      "vault kv get -format=json secret/app | jq '.data.data|keys'",
      "vault kv get -format=json secret/app | jq '.data.metadata | keys'",
      "kubectl get secrets -o json | jq '.items|length'",
      "kubectl get secret db -o json | jq '.metadata.labels|keys'",
      "aws secretsmanager list-secrets | jq '.SecretList | length'",
    ]) {
      expect(decide(names).decision).toBe("continue");
    }
  });
});

describe("jq asked for one metadata field of a credential prints no secret", () => {
  test("a ttl, an expiry, policies or a type pass; the token, the data or a user-named field is blocked", () => {
    for (const metadata of [
      "vault token lookup -format=json | jq -r .data.expire_time",
      "vault token lookup -format=json | jq '.data.policies'",
      "kubectl get secret registry -o json | jq -r .type",
      "vault kv get -format=json secret/app | jq .data.metadata.created_time",
      "vault token lookup -format=json | jq -r '.data.policies[]'",
      "vault token lookup -format=json | jq '.data | {policies, ttl, expire_time}'",
    ]) {
      expect(decide(metadata).decision).toBe("continue");
    }
    for (const secret of [
      "vault token lookup -format=json | jq -r .data.id",
      "vault token lookup -format=json | jq .data",
      "vault kv get -format=json secret/app | jq -r .data.data.api_key",
      "vault token lookup -format=json | jq -r '.data.ttl, .data.id'",
      "vault token lookup -format=json | jq '.data | {policies, id}'",
      "vault token lookup -format=json | jq -r '.data.id[]'",
    ]) {
      expect(decide(secret).decision).toBe("block");
    }
  });

  test("a field inside a container whose keys the secret's author named is no metadata, whatever its name", () => {
    for (const secret of [
      "vault kv get -format=json secret/app | jq -r .data.data.type",
      "vault read -format=json secret/app | jq -r .data.version",
      "kubectl get secret api -o json | jq -r .data.version",
      "oc get secrets/api -o json | jq .stringData.type",
      "vault read -format=json secret/app | jq '.data | {type, version}'",
      "kubectl get secret api -o json | jq '.data | {type}'",
    ]) {
      expect(decide(secret).decision).toBe("block");
    }
  });

  test("a metadata field read from a file is no count: the file's own keys are anyone's to name", () => {
    expect(taggedNames("cat creds.json | jq .type")).toEqual([]);
  });
});
