// Hosting platforms and their CLIs: Fly.io, Heroku, Vercel, Netlify, Railway,
// Cloudflare's wrangler, Firebase, Supabase, AWS Amplify / Elastic Beanstalk
// / Copilot / EKS, Cloud Foundry, Dokku. Destroying an app, a deployment's
// rollback, unsetting its secrets or resetting its database asks.
import type { ProgramSpec } from "../spec.ts";
import type { Category } from "./categories.ts";
import { destroys, destroysWith, group, labelled, leaf, names, nounChain, PRODUCTION_NAMES, printsCredential, printsCredentialWith, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const FLY_OPTIONS = {
  "-a": "value",
  "--app": "value",
  "-c": "read",
  "--config": "read",
  "-r": "value",
  "--region": "value",
  "-t": "value",
  "--access-token": "value",
  "-o": "value",
  "--org": "value",
  "-p": "value",
  "--pipeline": "value",
} as const;
const FLY_CHAIN = nounChain(
  {
    // `apps suspend`: every machine of the app stopped; it serves nothing until resumed. `postgres detach`: the
    // app's database user and its DATABASE_URL secret removed.
    ...names(["destroy", "delete", "remove", "rm", "unset", "release", "suspend", "detach"], destroys(FLY_OPTIONS)),
    ...readVerbs(["list", "ls", "show", "status", "logs"], FLY_OPTIONS),
    ...names(["deploy", "launch", "set", "create", "console", "ssh"], leaf(FLY_OPTIONS)),
  },
  FLY_OPTIONS,
);

export const FLY: RemoteCli = {
  id: "fly",
  names: ["fly", "flyctl"],
  about: "Fly.io CLI (and Concourse's fly)",
  spec: {
    options: FLY_OPTIONS,
    operands: ["read"],
    subcommands: {
      destroy: labelled("cloud", destroys(FLY_OPTIONS)),
      secrets: labelled("secrets", FLY_CHAIN),
      ...names(["postgres", "pg", "redis", "mysql", "mpg"], labelled("databases", FLY_CHAIN)),
      storage: labelled("storage", FLY_CHAIN),
      // `fly ssh console -C CMD` runs CMD on the app's machine, with the app's secrets in its environment: judged as the command.
      ssh: group(undefined, { console: { options: { ...FLY_OPTIONS, "-C": "shell", "--command": "shell" }, operands: ["read"] } }, FLY_OPTIONS),
      // `fly auth token`: the account's API token.
      auth: group(undefined, { token: printsCredential(FLY_OPTIONS) }, FLY_OPTIONS),
      // `fly scale count N` (or `web=N worker=N`): its operands are counts, not names.
      scale: group(undefined, { count: leaf(FLY_OPTIONS) }, FLY_OPTIONS),
      // Concourse CI's `fly -t TARGET destroy-pipeline -p NAME` shares the name.
      ...names(["destroy-pipeline", "destroy-team"], labelled("cicd", destroys(FLY_OPTIONS))),
      "*": labelled("cloud", FLY_CHAIN),
    },
  },
  examples: {
    cloud: {
      asks: ["fly apps destroy my-app --yes", "flyctl machine destroy 148ed --force", "fly volumes destroy vol_123", "fly scale count 0 -a my-app", "fly apps suspend my-app"],
      passes: ["fly status -a my-app", "fly deploy --remote-only -a my-app-staging", "fly scale count 2 -a my-app"],
    },
    secrets: { asks: ["fly secrets unset STRIPE_KEY -a my-app"], passes: ["fly secrets list -a my-app"] },
    databases: { asks: ["fly postgres destroy my-db", "fly postgres detach my-db -a my-app"], passes: ["fly postgres list", "fly postgres attach my-db -a my-app"] },
    storage: { asks: ["fly storage destroy my-bucket"], passes: ["fly storage list"] },
    cicd: { asks: ["fly -t ci destroy-pipeline -p deploy"], passes: ["fly -t ci pipelines"] },
  },
  // `fly scale count 0`: no machine left to serve the app.
  alsoAsksWhen: [{ category: "cloud", subcommand: "scale count", args: ["0|*=0"] }],
};

const HEROKU_OPTIONS = { "-a": "value", "--app": "value", "-r": "value", "--remote": "value", "--confirm": "value", "-t": "value", "--team": "value" } as const;

const HEROKU_RUN_OPTIONS = { ...HEROKU_OPTIONS, "-s": "value", "--size": "value", "-e": "value", "--env": "value" } as const;

export const HEROKU: RemoteCli = {
  id: "heroku",
  names: ["heroku"],
  about: "Heroku CLI",
  spec: {
    options: HEROKU_OPTIONS,
    operands: ["read"],
    subcommands: {
      // `pg:psql -c SQL` (or SQL on standard input) runs against the app's database: judged as psql's SQL is.
      "pg:psql": { options: { ...HEROKU_OPTIONS, "-c": "code:sql", "--command": "code:sql" }, operands: ["value"], stdin: "code:sql" },
      // `pg:copy SOURCE TARGET` overwrites the target database with the source's data; `pg:backups:restore` and
      // `pg:promote` replace what the app's DATABASE_URL holds.
      ...names(
        ["pg:reset", "pg:backups:delete", "pg:backups:destroy", "pg:links:destroy", "pg:copy", "pg:backups:restore", "pg:promote"],
        labelled("databases", destroys(HEROKU_OPTIONS)),
      ),
      ...names(["config:unset", "config:remove"], labelled("secrets", destroys(HEROKU_OPTIONS))),
      ...names(["config:set", "config:add"], leaf(HEROKU_OPTIONS)),
      ...names(["destroy", "apps:destroy", "*:destroy", "*:remove", "*:delete", "releases:rollback", "rollback"], labelled("cloud", destroys(HEROKU_OPTIONS))),
      ...readVerbs(["apps", "apps:info", "logs", "ps", "releases", "pg:info", "addons"], HEROKU_OPTIONS),
      // Config vars are the app's secrets; `auth:token` is the account's API token.
      ...names(["config", "config:get", "auth:token", "pg:credentials:url"], printsCredential(HEROKU_OPTIONS)),
      ...names(["ps:scale", "scale", "ps:type"], leaf(HEROKU_OPTIONS)),
      // The app taken offline; every connection to its database killed.
      "maintenance:on": labelled("cloud", destroys(HEROKU_OPTIONS)),
      "pg:killall": labelled("databases", destroys(HEROKU_OPTIONS)),
      // `heroku run CMD…` runs CMD in a one-off dyno beside the app: the command is judged as one. Heroku reads its
      // own options anywhere before a `--` (`heroku run printenv -a APP` runs bare printenv, the app's whole environment).
      ...names(["run", "run:detached", "run:inside"], {
        options: HEROKU_RUN_OPTIONS,
        operands: ["argv"],
        ownOptionsAmongCarried: Object.keys(HEROKU_RUN_OPTIONS),
      }),
      "*": leaf(HEROKU_OPTIONS),
    },
  },
  examples: {
    cloud: {
      asks: [
        "heroku apps:destroy -a my-app --confirm my-app",
        "heroku addons:destroy heroku-redis -a my-app",
        "heroku ps:scale web=0 worker=0 -a my-app",
        "heroku maintenance:on -a my-app",
      ],
      passes: ["heroku logs --tail -a my-app", "heroku ps:scale web=2 -a my-app"],
    },
    databases: {
      asks: [
        "heroku pg:reset DATABASE_URL -a my-app --confirm my-app",
        "heroku pg:killall -a my-app",
        "heroku pg:copy my-app-staging::DATABASE_URL DATABASE_URL -a my-app",
        "heroku pg:backups:restore b101 DATABASE_URL -a my-app --confirm my-app",
      ],
      passes: ["heroku pg:info -a my-app", "heroku pg:backups:capture -a my-app"],
    },
    secrets: {
      asks: ["heroku config:unset STRIPE_KEY -a my-app"],
      passes: ["heroku config:set LOG_LEVEL=debug -a my-app", "DATABASE_URL=$(heroku config:get DATABASE_URL -a my-app) npm run migrate"],
    },
  },
  // Scaling a process type to zero dynos takes the app down. (A production app's `config:set` asks in the publish
  // pack's production rule.)
  alsoAsksWhen: [{ category: "cloud", subcommand: "ps:scale|scale|ps:type", args: ["*=0|*=0:*"] }],
};

const VERCEL_OPTIONS = {
  "--token": "value",
  "-t": "value",
  "--scope": "value",
  "-S": "value",
  "--cwd": "path",
  "-A": "read",
  "--local-config": "read",
  "-Q": "path",
  "--global-config": "path",
} as const;
const VERCEL_REMOVE = names(["remove", "rm"], destroys(VERCEL_OPTIONS));
const vercelGroup = (category: Category, more: Record<string, ProgramSpec> = {}) =>
  group(category, { ...VERCEL_REMOVE, ...readVerbs(["ls", "list", "inspect"], VERCEL_OPTIONS), ...more }, VERCEL_OPTIONS);
/** `vercel env pull [FILE]` writes the project's variables into FILE (`.env.local` by default) and prints none of them. */
const VERCEL_ENV_PULL: ProgramSpec = {
  options: { ...VERCEL_OPTIONS, "--environment": "value", "--git-branch": "value", "-y": "flag", "--yes": "flag" },
  operands: ["write"],
};

export const VERCEL: RemoteCli = {
  id: "vercel",
  names: ["vercel", "vc"],
  about: "Vercel CLI",
  spec: {
    options: VERCEL_OPTIONS,
    operands: ["read"],
    subcommands: {
      ...names(["remove", "rm", "rollback"], labelled("cloud", destroys(VERCEL_OPTIONS))),
      ...names(["project", "projects", "certs", "alias", "aliases", "teams", "team"], vercelGroup("cloud")),
      ...names(["dns", "domains", "domain"], vercelGroup("dns")),
      ...names(["env", "secrets"], vercelGroup("secrets")),
      env: vercelGroup("secrets", { pull: VERCEL_ENV_PULL }),
      ...readVerbs(["ls", "list", "inspect", "logs", "whoami"], VERCEL_OPTIONS),
      "*": leaf(VERCEL_OPTIONS),
    },
  },
  examples: {
    cloud: { asks: ["vercel remove my-app --yes", "vercel project rm my-app", "vercel teams rm acme"], passes: ["vercel ls", "vercel deploy", "vercel teams ls"] },
    dns: { asks: ["vercel dns rm rec_123"], passes: ["vercel dns ls example.com"] },
    secrets: {
      asks: ["vercel env rm STRIPE_KEY production", "vercel env add STRIPE_KEY production < key.txt"],
      passes: ["vercel env ls", "vercel env pull .env.local", "vercel env pull --environment=preview .env.preview.local", "vercel env add FEATURE_X preview"],
    },
  },
  // A production variable added or replaced: the next deployment (or a redeploy) runs with it.
  alsoAsksWhen: [{ category: "secrets", subcommand: "env add|env update", args: [PRODUCTION_NAMES] }],
};

const NETLIFY_OPTIONS = { "--auth": "value", "--site": "value", "--filter": "value" } as const;

export const NETLIFY: RemoteCli = {
  id: "netlify",
  names: ["netlify", "ntl"],
  about: "Netlify CLI",
  spec: {
    options: NETLIFY_OPTIONS,
    operands: ["read"],
    subcommands: {
      "sites:delete": labelled("cloud", destroys(NETLIFY_OPTIONS)),
      "env:unset": labelled("secrets", destroys(NETLIFY_OPTIONS)),
      ...names(["env:set", "env:import", "env:clone"], leaf({ ...NETLIFY_OPTIONS, "--context": "value", "--scope": "value" })),
      "blobs:delete": labelled("storage", destroys(NETLIFY_OPTIONS)),
      api: group("cloud", { "delete*": destroys(NETLIFY_OPTIONS) }, { ...NETLIFY_OPTIONS, "--data": "value", "-d": "value" }),
      ...readVerbs(["status", "sites:list", "logs", "open"], NETLIFY_OPTIONS),
      // `env:list --plain` prints every variable's value as KEY=value, `--json` as JSON.
      "env:list": printsCredentialWith(["--plain", "--json"], NETLIFY_OPTIONS),
      "env:get": printsCredential(NETLIFY_OPTIONS),
      "*": leaf(NETLIFY_OPTIONS),
    },
  },
  examples: {
    cloud: {
      asks: ["netlify sites:delete 1a2b3c --force", 'netlify api deleteSite --data \'{"site_id":"1a2b"}\''],
      passes: ["netlify deploy --dir dist", "netlify api listSites"],
    },
    secrets: {
      asks: ["netlify env:unset STRIPE_KEY"],
      passes: ["netlify env:list", "netlify env:set API_URL http://localhost:4000 --context dev"],
    },
    storage: { asks: ["netlify blobs:delete uploads avatar.png"], passes: ["netlify status"] },
  },
  // A production context's variable set or imported asks in the publish pack's production rule.
};

export const RAILWAY: RemoteCli = {
  id: "railway",
  names: ["railway"],
  about: "Railway CLI",
  spec: group(
    undefined,
    {
      down: labelled("cloud", destroys()),
      // `railway delete`: the whole project, with its services and volumes.
      delete: labelled("cloud", destroys()),
      environment: group("cloud", { delete: destroys() }),
      volume: group("storage", { delete: destroys() }),
      ...readVerbs(["status", "logs", "list", "whoami"]),
      variables: printsCredential(),
      // `railway run CMD` runs CMD here with the service's variables in its environment (as `doppler run` does).
      run: { options: { "-s": "value", "--service": "value", "-e": "value", "--environment": "value" }, operands: ["argv"] },
    },
    { "-s": "value", "--service": "value", "-e": "value", "--environment": "value" },
  ),
  examples: {
    cloud: { asks: ["railway down --yes", "railway environment delete staging", "railway delete --yes"], passes: ["railway logs", "railway up --environment staging"] },
    storage: { asks: ["railway volume delete --volume data"], passes: ["railway status"] },
  },
};

const WRANGLER_OPTIONS = { "-c": "read", "--config": "read", "-e": "value", "--env": "value", "--cwd": "path" } as const;
const WRANGLER_CHAIN = nounChain(
  {
    ...names(["delete", "rollback"], destroys(WRANGLER_OPTIONS)),
    ...readVerbs(["list", "get", "info", "tail", "whoami"], WRANGLER_OPTIONS),
    ...names(["deploy", "create", "put", "dev", "publish", "upload"], leaf(WRANGLER_OPTIONS)),
    // `d1 execute DB --command SQL`: the SQL is judged as any database client's is (with --remote, against the deployed database).
    execute: { options: { ...WRANGLER_OPTIONS, "--command": "code:sql", "--file": "read", "--database": "value" }, operands: ["value"] },
  },
  WRANGLER_OPTIONS,
);

export const WRANGLER: RemoteCli = {
  id: "wrangler",
  names: ["wrangler"],
  about: "Cloudflare Workers CLI",
  spec: {
    options: WRANGLER_OPTIONS,
    operands: ["read"],
    subcommands: {
      ...names(["delete", "rollback"], labelled("cdn", destroys(WRANGLER_OPTIONS))),
      ...names(["d1", "vectorize", "hyperdrive"], labelled("databases", WRANGLER_CHAIN)),
      ...names(["kv", "kv:namespace", "kv:key", "kv:bulk", "r2"], labelled("storage", WRANGLER_CHAIN)),
      secret: labelled("secrets", WRANGLER_CHAIN),
      queues: labelled("messaging", WRANGLER_CHAIN),
      "*": labelled("cdn", WRANGLER_CHAIN),
    },
  },
  examples: {
    cdn: {
      asks: ["wrangler delete my-worker", "wrangler deployments rollback", "wrangler pages project delete docs"],
      passes: ["wrangler dev", "wrangler versions upload", "wrangler tail my-worker"],
    },
    databases: { asks: ["wrangler d1 delete prod-db"], passes: ["wrangler d1 list", 'wrangler d1 execute prod-db --remote --command "SELECT count(*) FROM users"'] },
    storage: {
      asks: ["wrangler r2 bucket delete assets", "wrangler kv namespace delete --namespace-id 0f2a", "wrangler kv:key delete --namespace-id=0f2a session:1"],
      passes: ["wrangler r2 object get assets/logo.png", "wrangler kv key list --namespace-id 0f2a"],
    },
    secrets: {
      asks: ["wrangler secret delete STRIPE_KEY", "wrangler secret put STRIPE_KEY --env production", "wrangler secret bulk secrets.json -e prod"],
      passes: ["wrangler secret list", "wrangler secret put STRIPE_KEY --env dev"],
    },
    messaging: { asks: ["wrangler queues delete jobs"], passes: ["wrangler queues list"] },
  },
  // `secret put` deploys a new version of the production worker with the value at once.
  alsoAsksWhen: [{ category: "secrets", subcommand: "secret put|secret bulk|secret:put|secret:bulk", args: [PRODUCTION_NAMES] }],
};

const FIREBASE_OPTIONS = { "-P": "value", "--project": "value", "--token": "value", "--account": "value", "-c": "read", "--config": "read" } as const;

export const FIREBASE: RemoteCli = {
  id: "firebase",
  names: ["firebase"],
  about: "Firebase CLI",
  spec: {
    options: FIREBASE_OPTIONS,
    operands: ["read"],
    subcommands: {
      ...names(["functions:delete", "hosting:disable", "hosting:channel:delete", "ext:uninstall", "apps:delete"], labelled("cloud", destroys(FIREBASE_OPTIONS))),
      // Any other `GROUP:[SUB:]delete` (`hosting:sites:delete`, `apphosting:backends:delete`, `firestore:databases:delete`).
      ...names(["*:delete", "*:*:delete"], labelled("cloud", destroys(FIREBASE_OPTIONS))),
      // `database:set PATH FILE` replaces everything under PATH (the whole database at `/`).
      ...names(["firestore:delete", "database:remove", "database:set"], labelled("databases", destroys(FIREBASE_OPTIONS))),
      ...names(["functions:secrets:destroy", "functions:config:unset"], labelled("secrets", destroys(FIREBASE_OPTIONS))),
      "remoteconfig:rollback": labelled("featureflags", destroys(FIREBASE_OPTIONS)),
      "functions:secrets:access": printsCredential(FIREBASE_OPTIONS),
      // `login:ci` mints and prints a long-lived token for the account; `auth:export` writes every user account with
      // its password hash and salt.
      "login:ci": printsCredential(FIREBASE_OPTIONS),
      "auth:export": printsCredential(FIREBASE_OPTIONS),
      // `auth:import` overwrites the accounts it names (passwords included).
      "auth:import": labelled("directory", destroys(FIREBASE_OPTIONS)),
      "*": leaf(FIREBASE_OPTIONS),
    },
  },
  examples: {
    cloud: {
      asks: ["firebase functions:delete sendMail --force", "firebase hosting:disable -P prod", "firebase hosting:sites:delete acme-blog"],
      passes: ["firebase hosting:channel:deploy preview", "firebase emulators:start"],
    },
    databases: {
      asks: ["firebase firestore:delete --all-collections -P prod", "firebase database:remove /users", "firebase database:set / seed.json -P prod"],
      passes: ["firebase firestore:indexes", "firebase database:get /config"],
    },
    secrets: {
      asks: ["firebase functions:secrets:destroy STRIPE_KEY", "firebase functions:config:unset stripe"],
      passes: ["firebase functions:secrets:get STRIPE_KEY", "firebase functions:secrets:access STRIPE_KEY > .secret.local"],
    },
    featureflags: { asks: ["firebase remoteconfig:rollback -v 12"], passes: ["firebase remoteconfig:get"] },
    directory: { asks: ["firebase auth:import users.json --hash-algo=SCRYPT -P prod"], passes: ["firebase projects:list"] },
  },
};

const SUPABASE_OPTIONS = { "--workdir": "path", "--profile": "value", "--project-ref": "value", "--db-url": "value" } as const;

export const SUPABASE: RemoteCli = {
  id: "supabase",
  names: ["supabase"],
  about: "Supabase CLI",
  spec: group(
    undefined,
    {
      ...names(["functions", "branches"], group("cloud", { delete: destroys(SUPABASE_OPTIONS) }, SUPABASE_OPTIONS)),
      // `projects api-keys` prints the project's anon and service-role keys.
      projects: group("cloud", { delete: destroys(SUPABASE_OPTIONS), "api-keys": printsCredential(SUPABASE_OPTIONS) }, SUPABASE_OPTIONS),
      // `secrets set` replaces a live secret of the deployed functions (a rotation the running code sees at once).
      secrets: group("secrets", { ...names(["unset", "set"], destroys(SUPABASE_OPTIONS)) }, SUPABASE_OPTIONS),
      db: group("databases", { reset: destroysWith(["--linked", "--db-url"], SUPABASE_OPTIONS) }, SUPABASE_OPTIONS),
      storage: group("storage", { rm: destroys(SUPABASE_OPTIONS) }, SUPABASE_OPTIONS),
      // The project's other settings (custom domains, vanity subdomains, SSO providers, network bans, SSL
      // enforcement, Postgres config): a delete, remove or disable takes effect on the live project at once.
      "*": labelled("cloud", nounChain({ ...names(["delete", "remove", "disable", "deactivate"], destroys(SUPABASE_OPTIONS)) }, SUPABASE_OPTIONS)),
    },
    SUPABASE_OPTIONS,
  ),
  // The database opened to every address, or its SSL enforcement switched off.
  alsoAsksWhen: [
    { category: "databases", subcommand: "network-restrictions update", args: ["0.0.0.0/0|::/0"] },
    { category: "databases", subcommand: "ssl-enforcement update", args: ["--disable-db-ssl-enforcement"] },
  ],
  examples: {
    cloud: {
      asks: [
        "supabase projects delete abcdefghijklmnop",
        "supabase functions delete send-mail",
        "supabase domains delete --project-ref abcdefghijklmnop",
        "supabase sso remove 6df4d73f --project-ref abcdefghijklmnop",
      ],
      passes: ["supabase functions serve send-mail", "supabase start", "supabase domains get --project-ref abcdefghijklmnop", "supabase sso list"],
    },
    secrets: {
      asks: [
        "supabase secrets unset STRIPE_KEY",
        "supabase secrets set --env-file supabase/.env.production",
        "supabase secrets set MAIL_FROM=noreply@example.com --project-ref qwertyuiopasdfgh",
      ],
      passes: ["supabase secrets list"],
    },
    databases: {
      asks: ["supabase db reset --linked", "supabase network-restrictions update --db-allow-cidr 0.0.0.0/0 --project-ref abcdefghijklmnop --experimental"],
      passes: ["supabase db diff", "supabase status", "supabase db reset", "supabase network-restrictions get --project-ref abcdefghijklmnop --experimental"],
    },
    storage: { asks: ["supabase storage rm ss:///avatars/a.png --experimental"], passes: ["supabase storage ls ss:///avatars --experimental"] },
  },
};

export const AMPLIFY: RemoteCli = {
  id: "amplify",
  names: ["amplify"],
  about: "AWS Amplify CLI",
  spec: group("cloud", { delete: destroys(), env: group(undefined, { remove: destroys() }) }),
  examples: { cloud: { asks: ["amplify delete --force", "amplify env remove staging"], passes: ["amplify status", "amplify push"] } },
};

export const EB: RemoteCli = {
  id: "eb",
  names: ["eb"],
  about: "AWS Elastic Beanstalk CLI",
  spec: group("cloud", { terminate: destroys() }, { "--profile": "value", "--region": "value", "-r": "value" }),
  examples: { cloud: { asks: ["eb terminate prod-env --force"], passes: ["eb status", "eb deploy"] } },
};

export const COPILOT: RemoteCli = {
  id: "copilot",
  names: ["copilot"],
  about: "AWS Copilot CLI",
  spec: labelled("cloud", nounChain({ delete: destroys(), ...readVerbs(["ls", "show", "status", "logs"]) })),
  examples: { cloud: { asks: ["copilot app delete --yes", "copilot svc delete --name api --env prod"], passes: ["copilot svc status --name api"] } },
};

export const EKSCTL: RemoteCli = {
  id: "eksctl",
  names: ["eksctl"],
  about: "Amazon EKS CLI",
  spec: group("cloud", { delete: destroys({ "-f": "read", "--config-file": "read", "--name": "value", "--region": "value", "--profile": "value" }), drain: destroys() }),
  examples: {
    cloud: {
      asks: ["eksctl delete cluster --name staging --region eu-west-1", "eksctl delete nodegroup --cluster prod --name ng-1"],
      passes: ["eksctl get cluster --region eu-west-1"],
    },
  },
};

export const CF: RemoteCli = {
  id: "cf",
  names: ["cf"],
  about: "Cloud Foundry CLI",
  // `cf stop APP` and `cf scale APP -i 0`: the app serves nothing until someone starts it again.
  spec: group("cloud", { ...names(["delete", "delete-*", "purge-*", "stop"], destroys()), scale: destroysWith(["-i=0"], { "-i": "value", "-m": "value", "-k": "value" }) }),
  examples: {
    cloud: {
      asks: ["cf delete my-app -f -r", "cf delete-space staging -f", "cf purge-service-instance old-db", "cf stop my-app", "cf scale my-app -i 0"],
      passes: ["cf apps", "cf push my-app-staging", "cf scale my-app -i 4", "cf logs my-app --recent"],
    },
  },
};

export const DOKKU: RemoteCli = {
  id: "dokku",
  names: ["dokku"],
  about: "Dokku (self-hosted PaaS)",
  spec: {
    operands: ["read"],
    subcommands: {
      ...names(["postgres:destroy", "mysql:destroy", "redis:destroy", "mongo:destroy", "mariadb:destroy"], labelled("databases", destroys())),
      // `config:set` overwrites the app's settings (its keys and connection strings among them) and restarts it.
      ...names(["config:unset", "config:clear", "config:set"], labelled("secrets", destroys())),
      // `ps:stop` leaves the app serving nothing until someone starts it again.
      ...names(["apps:destroy", "*:destroy", "*:remove", "ps:stop"], labelled("cloud", destroys())),
      // Named so that a rule can see it (`ps:scale APP web=0`, below).
      "ps:scale": leaf(),
      "*": leaf(),
    },
  },
  examples: {
    cloud: {
      asks: ["dokku apps:destroy my-app --force", "dokku ps:scale api worker=0", "dokku ps:stop blog"],
      passes: ["dokku apps:list", "dokku logs my-app", "dokku ps:scale api web=2 worker=1", "dokku ps:report blog"],
    },
    databases: { asks: ["dokku postgres:destroy my-db --force"], passes: ["dokku postgres:info my-db"] },
    secrets: { asks: ["dokku config:unset my-app STRIPE_KEY", "dokku config:set --no-restart api SMTP_HOST=mail.internal"], passes: ["dokku config:show my-app"] },
  },
  // `dokku ps:scale APP web=0`: no process left to serve the app.
  alsoAsksWhen: [{ category: "cloud", subcommand: "ps:scale", args: ["*=0"] }],
};
