// Payment providers' CLIs: Stripe's `stripe RESOURCE VERB` and its generic
// `stripe delete /v1/…`. Deleting objects and cancelling subscriptions ask.
// (Other providers' APIs are reached with curl: the HTTP rules.)
import { destroys, destroysWith, names, nounChain, printsCredentialWith, readVerbs } from "./grammar.ts";
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

const VERBS = {
  // `void` kills an invoice for good; `disputes close` concedes the dispute and its money.
  ...names(["delete", "cancel", "void", "close", "reject"], destroys(OPTIONS)),
  ...readVerbs(["list", "retrieve", "get", "logs", "listen", "tail"], OPTIONS),
  // `stripe config --list` prints the stored test and live secret keys.
  config: printsCredentialWith(["--list"], OPTIONS),
};
const CHAIN = nounChain(VERBS, OPTIONS);
/** Money sent out (`payouts create`, `refunds create`, `transfers create`): it does not come back. */
const MONEY_OUT = nounChain({ ...VERBS, create: destroys(OPTIONS) }, OPTIONS);
/** A customer charged (`charges create`, `payment_intents confirm|capture`) in live mode: real money taken from a real card. */
const MONEY_IN = nounChain({ ...VERBS, ...names(["create", "confirm", "capture"], destroysWith(["--live"], OPTIONS)) }, OPTIONS);
/** A live-mode webhook endpoint made or moved (`webhook_endpoints create --url … --live`): real customers' events are posted to that URL. */
const LIVE_HOOKS = nounChain({ ...VERBS, ...names(["create", "update"], destroysWith(["--live"], { ...OPTIONS, "--url": "url" })) }, OPTIONS);

export const STRIPE: RemoteCli = {
  id: "stripe",
  names: ["stripe"],
  about: "Stripe CLI",
  spec: {
    ...CHAIN,
    subcommands: {
      ...CHAIN.subcommands,
      ...names(["payouts", "refunds", "transfers", "topups"], MONEY_OUT),
      ...names(["charges", "payment_intents"], MONEY_IN),
      webhook_endpoints: LIVE_HOOKS,
    },
    tags: ["payment"],
  },
  // The generic `stripe post /v1/refunds …` does the same.
  alsoAsksWhen: [
    // A product or price taken off sale (`--active=false`): checkouts, payment links and subscriptions' renewals that use it fail.
    { category: "payment", flags: ["--active"], args: ["products|prices|plans", "update", "false"] },
    {
      category: "payment",
      subcommand: "post",
      args: ["/v1/refunds*|/v1/payouts*|/v1/transfers*|/v1/charges/*/refund*|/v1/charges/*/refunds*|v1/refunds*|v1/payouts*|v1/transfers*"],
    },
  ],
  examples: {
    payment: {
      asks: [
        "stripe customers delete cus_Nf1x",
        "stripe subscriptions cancel sub_1Mw --live",
        "stripe delete /v1/products/prod_123",
        "stripe refunds create --charge ch_3Pq --live",
        "stripe payouts create --amount 50000 --currency usd",
        "stripe post /v1/transfers -d amount=1000 -d currency=usd -d destination=acct_1",
        "stripe charges create --amount 5000 --currency usd --customer cus_1 --live",
        "stripe invoices void in_1Mw",
        "stripe webhook_endpoints create --url https://hooks.example.test/in -d 'enabled_events[]=*' --live",
        "stripe products update prod_Q7 --active=false",
      ],
      passes: [
        "stripe customers list --limit 3",
        "stripe listen --forward-to localhost:3000/webhooks",
        "stripe trigger payment_intent.succeeded",
        "stripe refunds list --limit 5",
        "stripe post /v1/customers -d email=test@example.com",
        "stripe charges create --amount 5000 --currency usd --source tok_visa",
        "stripe invoices list --limit 3",
        "stripe webhook_endpoints create --url https://dev.example.test/hooks -d 'enabled_events[]=charge.succeeded'",
        "stripe products update prod_Q7 --name 'Pro plan'",
      ],
    },
  },
};
