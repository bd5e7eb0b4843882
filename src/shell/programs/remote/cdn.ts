// CDN services' CLIs: Fastly's. Deleting services, backends, domains, VCL,
// dictionaries and ACLs ask. (CloudFront is in aws, Azure CDN / Front Door in
// az, Cloudflare's workers and pages in wrangler.)
import { destroys, destroysWith, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

export const FASTLY: RemoteCli = {
  id: "fastly",
  names: ["fastly"],
  about: "Fastly CLI",
  spec: {
    ...nounChain(
      // `purge --all` drops the service's whole cache: every request goes to the origin at once.
      { ...names(["delete"], destroys()), purge: destroysWith(["--all"]), ...readVerbs(["list", "describe", "search"]) },
      { "--token": "value", "-t": "value", "--service-id": "value", "-s": "value", "--profile": "value", "-o": "value", "--endpoint": "url" },
    ),
    tags: ["cdn"],
  },
  examples: {
    cdn: {
      asks: [
        "fastly service delete --service-id SU1Z0isxPaozGVKXdv0eY --force",
        "fastly backend delete --name origin --version latest --autoclone",
        "fastly purge --all -s 7i6HN3TK9wS159v2gPAZ8A",
      ],
      passes: ["fastly service list", "fastly compute publish", "fastly purge --key logo"],
    },
  },
};
