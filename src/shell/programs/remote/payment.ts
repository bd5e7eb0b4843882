// Payment providers' CLIs: Stripe's `stripe RESOURCE VERB` and its generic
// `stripe delete /v1/…`. Deleting objects and cancelling subscriptions ask.
// (Other providers' APIs are reached with curl: the HTTP rules.)
import { destroys, names, nounChain, printsCredentialWith, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const OPTIONS = {
  "--api-key": "value",
  "-p": "value",
  "--project-name": "value",
  "--color": "value",
  "--config": "read",
  "--log-level": "value",
  "--device-name": "value",
  "-d": "value",
  "--data": "value",
} as const;

export const STRIPE: RemoteCli = {
  id: "stripe",
  names: ["stripe"],
  about: "Stripe CLI",
  spec: {
    ...nounChain(
      {
        ...names(["delete", "cancel"], destroys(OPTIONS)),
        ...readVerbs(["list", "retrieve", "get", "logs", "listen", "tail"], OPTIONS),
        // `stripe config --list` prints the stored test and live secret keys.
        config: printsCredentialWith(["--list"], OPTIONS),
      },
      OPTIONS,
    ),
    tags: ["payment"],
  },
  examples: {
    payment: {
      asks: ["stripe customers delete cus_Nf1x", "stripe subscriptions cancel sub_1Mw --live", "stripe delete /v1/products/prod_123"],
      passes: ["stripe customers list --limit 3", "stripe listen --forward-to localhost:3000/webhooks", "stripe trigger payment_intent.succeeded"],
    },
  },
};
