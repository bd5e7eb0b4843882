import { describe, expect, test } from "bun:test";
import { destinationOfHost, destinationOfLocation, destinationOfSocatAddress, destinationOfUrl } from "../../../../src/shell/interpret/destinations.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("destinationOfUrl", () => {
  test("scheme, host and port, the default port for the scheme when none is written", () => {
    expect(destinationOfUrl("https://user:pw@Example.COM:8443/x")).toEqual({ host: "example.com", port: 8443, scheme: "https" });
    expect(destinationOfUrl("ssh://git@github.com/o/r")).toMatchObject({ host: "github.com", scheme: "ssh" });
  });

  test("an IPv6 host loses its brackets", () => {
    expect(destinationOfUrl("http://[::1]:8080/")).toMatchObject({ host: "::1", port: 8080 });
  });

  test("curl's scheme-less form is a host when it looks like one, not when it looks like a file", () => {
    expect(destinationOfUrl("example.com/install.sh")?.host).toBe("example.com");
    expect(destinationOfUrl("index.html")).toBeUndefined();
  });
});

describe("destinationOfHost", () => {
  test("user@host and host:port", () => {
    expect(destinationOfHost("root@db.internal")).toEqual({ host: "db.internal" });
    expect(destinationOfHost("10.0.0.5:5432")).toEqual({ host: "10.0.0.5", port: 5432 });
  });

  test("a word with blanks or slashes is not a host", () => {
    expect(destinationOfHost("a b")).toBeUndefined();
    expect(destinationOfHost("dir/file")).toBeUndefined();
  });

  test("SQL Server's server names: a protocol prefix, an instance and a port after a comma", () => {
    expect(destinationOfHost("tcp:sql.example.net,1433")).toEqual({ host: "sql.example.net", port: 1433 });
    expect(destinationOfHost("SQL01\\REPORTING")).toEqual({ host: "sql01" });
    expect(destinationOfHost("10.1.2.3,14330")).toEqual({ host: "10.1.2.3", port: 14330 });
    expect(destinationOfHost("(localdb)\\MSSQLLocalDB")).toBeUndefined();
    expect(destinationOfHost(".")).toBeUndefined();
  });
});

describe("destinationOfLocation", () => {
  test("host:path and user@host:path are remote", () => {
    expect(destinationOfLocation("backup@nas:/srv")).toEqual({ host: "nas" });
    expect(destinationOfLocation("nas::module")).toEqual({ host: "nas" });
  });

  test("a local path is no destination", () => {
    expect(destinationOfLocation("./dir/file")).toBeUndefined();
    expect(destinationOfLocation("/abs/path")).toBeUndefined();
  });
});

describe("destinationOfSocatAddress", () => {
  test("an address that connects out names its host and port, options after a comma aside", () => {
    expect(destinationOfSocatAddress("TCP:198.51.100.9:9001")).toEqual({ host: "198.51.100.9", port: 9001 });
    expect(destinationOfSocatAddress("openssl:Collect.Example.net:443,verify=0")).toEqual({ host: "collect.example.net", port: 443 });
  });

  test("listening, standard input and file addresses connect nowhere", () => {
    expect(destinationOfSocatAddress("TCP-LISTEN:8080,fork")).toBeUndefined();
    expect(destinationOfSocatAddress("-")).toBeUndefined();
    expect(destinationOfSocatAddress("FILE:/etc/passwd")).toBeUndefined();
  });
});
