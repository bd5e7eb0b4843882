// DNS tools: Cloudflare's flarectl, nsupdate (every use changes a zone),
// octoDNS (`--doit` applies), DNSControl (`push`), Lexicon. (Route 53,
// Cloud DNS and Azure DNS are in the clouds' CLIs.)
import { DESTROY } from "./categories.ts";
import { destroys, destroysWith, group, names, nounChain, reads, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

export const FLARECTL: RemoteCli = {
  id: "flarectl",
  names: ["flarectl"],
  about: "Cloudflare flarectl",
  spec: { ...nounChain({ ...names(["delete", "d", "purge"], destroys()), ...readVerbs(["list", "l", "info", "i"]) }), tags: ["dns"] },
  examples: {
    dns: {
      asks: ["flarectl dns delete --zone example.com --id 372e67954025e0ba6aaa6d586b9e0b59", "flarectl zone delete --zone old.example"],
      passes: ["flarectl dns list --zone example.com", "flarectl zone list"],
    },
  },
};

export const NSUPDATE: RemoteCli = {
  id: "nsupdate",
  names: ["nsupdate"],
  about: "nsupdate (dynamic DNS updates)",
  spec: { options: { "-k": "read", "-y": "value", "-t": "value", "-u": "value", "-r": "value", "-p": "port" }, operands: ["read"], tags: ["dns", DESTROY] },
  examples: { dns: { asks: ["nsupdate -l changes.txt", "printf 'update delete www.example.com A\\nsend\\n' | nsupdate"] } },
};

export const OCTODNS: RemoteCli = {
  id: "octodns-sync",
  names: ["octodns-sync"],
  about: "octoDNS",
  spec: { ...destroysWith(["--doit"], { "--config-file": "read" }), tags: ["dns"] },
  examples: { dns: { asks: ["octodns-sync --config-file=config/production.yaml --doit"], passes: ["octodns-sync --config-file=config/production.yaml"] } },
};

export const DNSCONTROL: RemoteCli = {
  id: "dnscontrol",
  names: ["dnscontrol"],
  about: "DNSControl",
  spec: group("dns", { push: destroys(), ...readVerbs(["preview", "check", "print-ir"]) }, { "--config": "read", "--creds": "read" }),
  examples: { dns: { asks: ["dnscontrol push --domains example.com"], passes: ["dnscontrol preview", "dnscontrol check"] } },
};

export const LEXICON: RemoteCli = {
  id: "lexicon",
  names: ["lexicon"],
  about: "Lexicon",
  // lexicon PROVIDER ACTION DOMAIN TYPE …
  spec: group("dns", { "*": group(undefined, { delete: destroys(), list: reads() }) }),
  examples: { dns: { asks: ["lexicon cloudflare delete example.com A --name www"], passes: ["lexicon cloudflare list example.com A"] } },
};
