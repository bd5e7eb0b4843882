// One named value of a secret store printed: an identifier or an address
// passes, anything that says (or may hold) a secret does not.
import { describe, expect, test } from "bun:test";
import { namedField, publicFieldName, selectsOwnUser } from "../../../../src/shell/programs/named-fields.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("named fields", () => {
  test.each(["vpc_id", "dbHost", '["db"]["host"]', "cluster_endpoint", "bucket-name", "subnets"])("%s names no secret", (name) => expect(publicFieldName(name)).toBe(true));

  test.each(["db_password", "database_url", '["db"]["password"]', "access_key_id", "kubeconfig", "private_ip", "token", "ssh_private_key", ""])(
    "%s may hold a secret, or says nothing of what it is",
    (name) => expect(publicFieldName(name)).toBe(false),
  );

  test("the field a reader prints: an output's name, an option's value; none when it prints them all", () => {
    expect(namedField("terraform", ["output", "-json", "vpc_id"])).toBe("vpc_id");
    expect(namedField("terraform", ["-chdir=infra", "output", "-raw", "db_host"])).toBe("db_host");
    expect(namedField("terraform", ["output", "-json"])).toBeUndefined();
    expect(namedField("terraform", ["output", "-state", "x.tfstate", "vpc_id"])).toBeUndefined();
    expect(namedField("sops", ["-d", "--extract", '["db"]["host"]', "f.yaml"])).toBe('["db"]["host"]');
    expect(namedField("vault", ["kv", "get", "-field=host", "secret/db"])).toBe("host");
    expect(namedField("vault", ["kv", "get", "secret/db"])).toBeUndefined();
    expect(namedField("pulumi", ["stack", "output", "dbHost", "--show-secrets"])).toBe("dbHost");
  });

  test("a scheduler's user selector naming only the user's own name reaches only the user's jobs", () => {
    expect(selectsOwnUser("scancel", ["--name=sweep", "--user=ada"], "/home/ada")).toBe(true);
    expect(selectsOwnUser("bkill", ["-u", "ada", "0"], "/home/ada")).toBe(true);
    expect(selectsOwnUser("scancel", ["-u", "ada", "-u", "bob"], "/home/ada")).toBe(false);
    expect(selectsOwnUser("scancel", ["--name=sweep"], "/home/ada")).toBe(false);
    expect(selectsOwnUser("kill", ["-u", "ada"], "/home/ada")).toBe(false);
  });
});
