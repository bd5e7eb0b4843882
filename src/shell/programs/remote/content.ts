// Content platforms' CLIs: Contentful and Sanity. A space, an environment or a
// dataset holds a site's published content; deleting one (or replacing a
// dataset on import) takes the content down with no undo from the CLI.
import { destroys, destroysWith, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const CONTENTFUL_OPTIONS = {
  "--space-id": "value",
  "-s": "value",
  "--environment-id": "value",
  "-e": "value",
  "--management-token": "value",
  "--mt": "value",
  "--config": "read",
} as const;

export const CONTENTFUL: RemoteCli = {
  id: "contentful",
  names: ["contentful"],
  about: "Contentful CLI",
  spec: {
    ...nounChain(
      { ...names(["delete", "remove", "rm"], destroys(CONTENTFUL_OPTIONS)), ...readVerbs(["list", "ls", "get", "show", "export"], CONTENTFUL_OPTIONS) },
      CONTENTFUL_OPTIONS,
    ),
    tags: ["cloud"],
  },
  examples: {
    cloud: {
      asks: ["contentful space delete --space-id x1y2z3", "contentful space environment delete --environment-id staging --space-id x1y2z3"],
      passes: ["contentful space list", "contentful space export --space-id x1y2z3", "contentful space environment list --space-id x1y2z3"],
    },
  },
};

const SANITY_OPTIONS = { "--project": "value", "--dataset": "value", "-d": "value" } as const;

export const SANITY: RemoteCli = {
  id: "sanity",
  names: ["sanity"],
  about: "Sanity CLI",
  spec: {
    ...nounChain(
      {
        ...names(["delete", "undeploy", "unlink"], destroys(SANITY_OPTIONS)),
        // `dataset import FILE TARGET --replace` overwrites the documents the file also holds.
        import: destroysWith(["--replace"], SANITY_OPTIONS),
        ...readVerbs(["list", "get", "query", "export"], SANITY_OPTIONS),
      },
      SANITY_OPTIONS,
    ),
    tags: ["databases"],
  },
  examples: {
    databases: {
      asks: [
        "sanity dataset delete production",
        "sanity documents delete post-123 --dataset production",
        "sanity dataset import backup.tar.gz production --replace",
        "sanity graphql undeploy",
      ],
      passes: ["sanity dataset list", "sanity dataset export production backup.tar.gz", "sanity documents query '*[_type==\"post\"]'", "sanity dev"],
    },
  },
};
