// HTTP clients calling an API: a DELETE (curl -X DELETE, wget
// --method=DELETE, `http DELETE URL`), or a POST to an endpoint that
// deletes (Elasticsearch's _delete_by_query, Meilisearch's delete-batch,
// Prometheus's delete_series, Jenkins's doDelete). The question names the
// host. GET, HEAD and ordinary POSTs pass. (The clients' grammars live in
// network.ts; their DELETE method carries the tags.)
import { NETWORK_PROGRAMS } from "../network.ts";
import type { RemoteCli } from "./remote-cli.ts";

/**
 * URL shapes of calls that delete whatever method they use: Elasticsearch's and OpenSearch's delete by query,
 * Meilisearch's document batches, Prometheus's series, Jenkins's jobs; and (issue 28, breadth round 5) the
 * InfluxDB 2 delete API (every point of a time range), vector stores' points and collections (Qdrant, Chroma,
 * Pinecone), ArangoDB's collection truncate.
 */
const DELETING_ENDPOINTS = [
  "**/_delete_by_query*",
  "**/indexes/*/documents/delete*",
  "**/admin/tsdb/delete_series*",
  "**/doDelete*",
  "**/api/v2/delete*",
  "**/points/delete*",
  "**/vectors/delete*",
  "**/collections/*/delete*",
  "**/_api/collection/*/truncate*",
  // A CDN's whole cache dropped: Fastly's purge_all (every object refetched from the origin at once).
  "**/service/*/purge_all*",
].join("|");

/** Text (with no slash) anywhere in a value, which may hold slashes: a glob's `*` stops at one, `**` spans whole parts. */
const anywhere = (text: string) => `**/*${text}*/**`;

/**
 * Globs for these words in any case, separated as a body or a URL writes a space (` `, `+`, `%20`), the last one
 * ending the word (`drop table`, not `drop tablets`).
 */
function anyCase(words: string): string[] {
  const letters = (word: string) => [...word].map((letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`).join("");
  const parts = words.split(" ").map(letters);
  return [" ", "+", "%20"].flatMap((space) => {
    const text = parts.join(space);
    return [anywhere(`${text}[!A-Za-z]`), `**/*${text}`];
  });
}

/**
 * Command bodies that name a deletion, whatever the endpoint: an action or command called `Delete…`
 * (`{"name":"DeleteSeries"}`, `{"action":"delete"}`), files deleted with what they describe (`"deleteFiles":
 * true`), and alerts resolved for everyone (PagerDuty's `"event_action":"resolve"`).
 */
const WORDED_BODIES = [
  anywhere('"name"*:*"[dD]elete'),
  anywhere('"action"*:*"[dD]elete'),
  anywhere('"command"*:*"[dD]elete'),
  anywhere('"delete[fF]iles"*:*true'),
  anywhere('"delete_files"*:*true'),
  anywhere('"event_action"*:*"resolve"'),
];

/**
 * Request bodies (or query strings) that delete everything they name, whatever the endpoint: Solr's
 * delete-by-query update (`<delete><query>*:*</query></delete>`, `{"delete":{"query":…}}`), and query
 * languages sent over HTTP — ClickHouse, QuestDB, CrateDB, InfluxQL (`q=DROP MEASUREMENT cpu`), Cypher's
 * `DETACH DELETE` — that drop or empty a table, database, measurement or graph.
 */
const DELETING_BODIES = [
  anywhere("<delete>"),
  anywhere("%3Cdelete%3E"),
  anywhere('"delete"*:*"query"'),
  // HTTPie's raw JSON field: `delete:='{"query":"*:*"}'`.
  anywhere('delete:=*"query"'),
  // Cloudflare's purge of a zone's whole cache (`{"purge_everything":true}`): every request hits the origin at once.
  anywhere('"purge_everything"*:*true'),
  anywhere("purge_everything:=true"),
  ...WORDED_BODIES,
  ...["drop table", "drop database", "drop measurement", "drop series", "drop schema", "drop retention policy", "truncate table", "detach delete"].flatMap(anyCase),
].join("|");

/** A GraphQL mutation that deletes (`mutation { deleteEntity(…) }`) in the request body. */
export const DELETING_MUTATION = "*mutation*[dD]elete*";

const ENDPOINTS = { category: "http", args: [`${DELETING_ENDPOINTS}|${DELETING_MUTATION}|${DELETING_BODIES}`] } as const;

/**
 * SaaS admin endpoints that lock people out, remove them, hand out every right or move money, though called with
 * POST, PUT or PATCH rather than DELETE (issue 28, areas 14): identity providers' user lifecycles (Okta's
 * deactivate/suspend/reset, Auth0's and Okta's role grants, Microsoft Graph's admin role members and sign-in
 * revocation, Google Workspace's makeAdmin), Slack's admin methods (every call is a POST), GitLab's user blocks and
 * bans, Stripe's refunds, payouts, transfers and voided invoices, and mail and SMS providers' sends. Written
 * by path, as each provider documents it: the same path on another host is the same API (a proxy, a regional host).
 * Self-hosted admin APIs (Prometheus, Loki, Grafana, Alertmanager, Jellyfin) are written the same way.
 */
/**
 * Any API's action named by its path (`…/contacts/batch/archive`, `…/admin.conversations.archive`, `/-/quit`,
 * `…/users/5/deactivate`): the verb is the last part of the path, or a part joined to it by `.`, `_` or `-`, or
 * the part before an id. A path that only names a collection (`/v1/archives`) names no action.
 */
const ACTION_VERBS = ["archive", "delete", "destroy", "purge", "wipe", "erase", "truncate", "revoke", "terminate", "deactivate", "suspend", "ban", "quit", "shutdown"];
const ACTION_PATHS = ACTION_VERBS.flatMap((verb) => [`**/${verb}`, `**/${verb}\\?*`, `**/*[._-]${verb}`, `**/*[._-]${verb}\\?*`, `**/${verb}/*`]);

/**
 * Bodies that archive, delete or publish what they update, whatever the path (`{"archived":true}` to Notion,
 * `{"visibility":"public"}`): and credentials minted for the organisation (`…/organization/admin_api_keys`,
 * `…/api_keys`, `…/personal_access_tokens`, a service account's keys).
 */
const ACTION_BODIES = [
  ...['"archived":true', '"archived": true', '"deleted":true', '"deleted": true', '"visibility":"public"', '"visibility": "public"'].map(anywhere),
  // A mailing list's members unsubscribed or cleaned (Mailchimp's `"status":"unsubscribed"`): they get no more mail.
  ...['"status":"unsubscribed"', '"status": "unsubscribed"', '"status":"cleaned"', '"status": "cleaned"'].map(anywhere),
  "visibility=public",
  "**/admin_api_keys*",
  "**/admin/api_keys*",
  "**/api_keys",
  "**/api-keys",
  "**/apikeys",
  "**/personal_access_tokens",
  "**/access_tokens",
  "**/service_accounts/*/keys",
  "**/serviceAccounts/*/keys",
];

const SAAS_ADMIN_ENDPOINTS = [
  ...ACTION_PATHS,
  ...ACTION_BODIES,
  // Okta
  "**/api/v1/users/*/lifecycle/*",
  "**/api/v1/apps/*/lifecycle/deactivate*",
  "**/api/v1/idps/*/lifecycle/deactivate*",
  "**/api/v1/authorizationServers/*/lifecycle/deactivate*",
  "**/api/v1/users/*/roles*",
  "**/api/v1/groups/*/roles*",
  // Auth0
  "**/api/v2/users/*/roles*",
  "**/api/v2/roles/*/users*",
  "**/api/v2/users/*/multifactor/actions/*",
  "**/api/v2/tenants/settings*",
  // Microsoft Graph
  "**/directoryRoles/*/members/*",
  "**/roleManagement/directory/roleAssignments*",
  "**/users/*/revokeSignInSessions*",
  "**/users/*/authentication/*/resetPassword*",
  // Google Workspace
  "**/admin/directory/v1/users/*/makeAdmin*",
  // Slack (Web API methods, all POST)
  "**/api/admin.users.remove*",
  "**/api/admin.users.setAdmin*",
  "**/api/admin.users.setOwner*",
  "**/api/admin.users.session.reset*",
  "**/api/admin.users.session.invalidate*",
  "**/api/admin.conversations.delete*",
  "**/api/admin.conversations.archive*",
  "**/api/admin.apps.uninstall*",
  "**/api/admin.teams.settings.*",
  "**/api/conversations.archive*",
  "**/api/chat.delete*",
  "**/api/files.delete*",
  // GitLab
  "**/api/v4/users/*/block*",
  "**/api/v4/users/*/ban*",
  "**/api/v4/users/*/deactivate*",
  // Stripe
  "**/v1/refunds*",
  "**/v1/payouts*",
  "**/v1/transfers*",
  "**/v1/invoices/*/void*",
  "**/v1/charges/*/refund*",
  "**/v1/subscriptions/*/cancel*",
  "**/v1/accounts/*/reject*",
  // Observability admin APIs: Prometheus' TSDB admin (delete_series, clean_tombstones), Loki's log deletion,
  // Grafana's server-admin users (created, made Grafana admin, password set), Alertmanager silences (alerts muted).
  "**/api/v1/admin/tsdb/*",
  "**/loki/api/v1/delete*",
  "**/api/admin/users",
  "**/api/admin/users/**",
  "**/api/v2/silences*",
  "**/api/v1/silences*",
  // Jellyfin and Emby: a user created or given a policy (administrator rights, every library) through the server API.
  "**/Users/New*",
  "**/Users/*/Policy*",
  // Transactional and marketing mail, and SMS: a message sent (or a campaign scheduled) reaches people and is not
  // called back. SendGrid, Mailgun, Postmark, Amazon SES v2, Resend, Brevo, Mailchimp and Mandrill, SparkPost, Twilio.
  "**/v3/mail/send*",
  "**/v3/marketing/singlesends/*/schedule*",
  "**/v3/campaigns/*/schedules*",
  "**/v3/*/messages",
  "**/v3/*/messages.mime",
  "**/api.postmarkapp.com/email",
  "**/api.postmarkapp.com/email/**",
  "**/v2/email/outbound-emails*",
  "**/v2/email/outbound-bulk-emails*",
  "**/api.resend.com/emails",
  "**/api.resend.com/emails/batch*",
  "**/v3/smtp/email*",
  "**/v3/emailCampaigns/*/sendNow*",
  "**/3.0/campaigns/*/actions/send*",
  "**/3.0/campaigns/*/actions/schedule*",
  "**/api/1.0/messages/send*",
  "**/api/v1/transmissions*",
  "**/Accounts/*/Messages.json*",
  // Home Assistant's REST API (issue 28, breadth round 18): a lock opened, an alarm disarmed, a garage door
  // opened, the hub or its host stopped or restarted, the recorder's history purged.
  "**/api/services/lock/unlock*",
  "**/api/services/lock/open*",
  "**/api/services/alarm_control_panel/alarm_disarm*",
  "**/api/services/cover/open_cover*",
  "**/api/services/homeassistant/stop*",
  "**/api/services/homeassistant/restart*",
  "**/api/services/hassio/host_*",
  "**/api/services/recorder/purge*",
  // Home and lab devices' own APIs (issue 28, breadth round 19): every light of a Hue bridge at once (group 0), a
  // UniFi controller's device, site and client commands (restart, adopt, forget, upgrade, block), OctoPrint's job
  // and printer commands (a print started or cancelled, the head moved or heated) and its system commands, Shelly's
  // reboot, reset and update calls, an ESP device's or router's firmware update endpoint.
  "**/api/*/groups/0/action*",
  "**/api/s/*/cmd/*",
  "**/proxy/network/api/s/*/cmd/*",
  "**/api/job",
  "**/api/printer/command*",
  "**/api/printer/printhead*",
  "**/api/printer/tool*",
  "**/api/printer/bed*",
  "**/api/system/commands/*/*",
  "**/rpc/Shelly.Reboot*",
  "**/rpc/Shelly.FactoryReset*",
  "**/rpc/Shelly.Update*",
  "**/rpc/Sys.SetConfig*",
  "**/ota",
  "**/ota[?/]*",
  "**/firmware/update*",
  "**/firmware/upgrade*",
  "**/cgi-bin/luci/admin/system/flash*",
  // Search engines' admin APIs (issue 28, breadth round 19): an Algolia index, its rules or synonyms emptied;
  // Elasticsearch and OpenSearch users, role mappings and API keys made or changed (a password set, a superuser
  // mapped), a snapshot restored over live indices, an index closed (nothing reads or writes it).
  "**/1/indexes/*/clear*",
  "**/1/indexes/*/rules/clear*",
  "**/1/indexes/*/synonyms/clear*",
  // A user's name never starts with `_`: `_has_privileges` and `_privileges` only ask what a user may do.
  "**/_security/user/[!_]*",
  "**/_security/user/*/_password*",
  "**/_security/role_mapping/*",
  "**/_security/api_key*",
  "**/_plugins/_security/api/internalusers/*",
  "**/_plugins/_security/api/rolesmapping/*",
  "**/_snapshot/*/*/_restore*",
  "**/_close",
  "**/_close[?]*",
  // Kafka Connect's REST API: a connector's configuration replaced (where it reads, where it writes, a snapshot
  // taken again from the start), its offsets reset or altered, the connector paused or stopped.
  "**/connectors/*/config",
  "**/connectors/*/config[?]*",
  "**/connectors/*/offsets*",
  "**/connectors/*/pause*",
  "**/connectors/*/stop*",
].join("|");

/**
 * Any API's write call whose path says what it does, whoever serves it (issue 28, breadth round 17): a path part
 * that deletes, destroys, drops, wipes or truncates (a vector store's `/collections/drop`, Kibana's
 * `/api/saved_objects/_bulk_delete`, `/v1/deleteUser`), mints a credential (Grafana's `/serviceaccounts/1/tokens`
 * and `/api/auth/keys`, GitLab's `/personal_access_tokens`, any `/api_keys`). `purge` and `flush` are not among the
 * words: what a cache purge or an index flush empties is made again.
 */
const WORDED_ENDPOINTS = [
  "**/*[dD]elete*",
  "**/*[dD]estroy*",
  "**/*[tT]runcate*",
  "**/wipe*",
  "**/*[_.-]wipe*",
  "**/*Wipe*",
  "**/drop",
  "**/drop[?_.-]*",
  "**/drop[A-Z]*",
  "**/*[_.-]drop",
  "**/*[_.-]drop[?_.-]*",
  "**/*[a-z]Drop*",
  "**/tokens",
  "**/tokens[?]*",
  "**/*[_-]tokens",
  "**/*[_-]tokens[?]*",
  "**/api_keys*",
  "**/api-keys*",
  "**/apikeys*",
  "**/apiKeys*",
  "**/auth/keys*",
  // A device or service told to restart or reset itself (issue 28, breadth round 19).
  "**/reboot",
  "**/reboot[?]*",
  "**/factory[-_]reset*",
  "**/factoryreset*",
  "**/*[fF]actory[rR]eset*",
];

/**
 * A firmware image posted as a form file (`-F firmware=@fw.bin`, `-F update=@./x.bin`): the ESP and Arduino OTA
 * servers, routers and cameras flash what they are sent, whatever the endpoint is called.
 */
const FIRMWARE_UPLOADS = {
  category: "http",
  flags: ["-F|--form"],
  args: ["firmware=@*|firmware=@*/**|update=@*|update=@*/**|image=@*.bin|image=@*/**.bin|*=@*.bin|*=@*/**.bin"],
} as const;

/** The same endpoints called with a method that writes (`-X POST`, `--method=PATCH`, `http PUT …`): a GET only reads them. */
const SAAS_ADMIN_CALLS = { category: "http", args: ["POST|PUT|PATCH|post|put|patch", `${SAAS_ADMIN_ENDPOINTS}|${WORDED_ENDPOINTS.join("|")}`] } as const;
/** curl sends a POST when given data (`-d`, `--json`, `-F`) and no other method. */
const SAAS_ADMIN_POSTS = {
  category: "http",
  flags: ["-d|--data|--data-raw|--data-binary|--data-urlencode|--json|-F|--form"],
  args: [`${SAAS_ADMIN_ENDPOINTS}|${WORDED_ENDPOINTS.join("|")}`],
} as const;

/**
 * The project's own development server on this machine (`curl -X DELETE localhost:3000/api/todos/1`): the ports web
 * frameworks' dev servers take by default. A data store's port on localhost (Elasticsearch's 9200, Kong's 8001) is
 * not among them: deleting there still asks.
 */
const DEV_SERVER = { hosts: ["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"], ports: [3000, 3001, 4000, 4200, 5000, 5173, 8000, 8080] } as const;

/**
 * A zone's security settings switched off through Cloudflare's API (`PATCH zones/ID/settings/ssl` with
 * `{"value":"off"}`, security_level `essentially_off`, always_use_https off): the site is served without TLS or
 * without its protection to every visitor.
 */
const ZONE_SETTINGS_OFF = {
  category: "http",
  args: ["**/zones/*/settings/*", `${anywhere('"value"*:*"off"')}|${anywhere('"value"*:*"essentially_off"')}|value=off|value=essentially_off`],
} as const;

/**
 * A search cluster's or its indices' settings switched to stop serving or protecting data (Elasticsearch's and
 * OpenSearch's `/_cluster/settings`, `/_all/_settings`): shard allocation off (`"none"`), replicas down to 0,
 * write blocks lifted or set. Allocation turned back on (`"all"`) and a refresh interval pass.
 */
const SEARCH_SETTINGS_OFF = {
  category: "http",
  args: [
    "**/_cluster/settings*|**/_settings|**/_settings[?]*",
    [anywhere('"none"'), anywhere('number_of_replicas"*:*0[!0-9]'), anywhere('number_of_replicas"*:*"0"'), anywhere("read_only"), anywhere('"blocks')].join("|"),
  ],
} as const;

/**
 * RPC-style APIs that name the call in the query string rather than the method (Namecheap's
 * `?Command=namecheap.domains.dns.setHosts`, which replaces every record of the zone; AWS's query API
 * `?Action=DeleteBucket`; `?method=….delete`): a call that deletes, terminates or replaces, whatever the method.
 */
const QUERY_ACTIONS = {
  category: "http",
  args: [
    [
      "[?&][Cc]ommand=*[.:_]delete*",
      "[?&][Cc]ommand=*[.:_]set*",
      "[?&][Cc]ommand=*[.:_]remove*",
      "[?&][Aa]ction=[Dd]elete*",
      // Solr's Collections and CoreAdmin APIs spell their actions in capitals (`action=DELETE`, `DELETEALIAS`,
      // `DELETEREPLICA`), and an unloaded core can take its index and data with it (`deleteIndex=true`).
      "[?&][Aa]ction=DELETE*",
      "[?&]delete[A-Z]*=true*",
      "[?&][Aa]ction=[Tt]erminate*",
      "[?&][Aa]ction=[Rr]emove*",
      "[?&][Aa]ction=[Pp]urge*",
      "[?&][Aa]ction=[Dd]estroy*",
      "[?&]method=*.delete*",
      "[?&]method=*.destroy*",
      // Tasmota's web command API (`/cm?cmnd=Reset 1`): a factory reset, a firmware upgrade from a URL, a restart.
      "[?&]cmnd=[Rr]eset*",
      "[?&]cmnd=[Uu]pgrade*",
      "[?&]cmnd=[Oo]ta[Uu]rl*",
      "[?&]cmnd=[Rr]estart*",
    ]
      // In the URL's last part, or in one before a slash the query holds.
      .flatMap((query) => [`**/*${query}`, `**/*${query}/**`])
      .join("|"),
  ],
} as const;

export const CURL: RemoteCli = {
  id: "curl",
  names: ["curl", "curlie"],
  about: "curl",
  spec: NETWORK_PROGRAMS.curl!,
  alsoAsksWhen: [ENDPOINTS, ZONE_SETTINGS_OFF, SEARCH_SETTINGS_OFF, SAAS_ADMIN_CALLS, SAAS_ADMIN_POSTS, QUERY_ACTIONS, FIRMWARE_UPLOADS],
  passesFor: DEV_SERVER,
  examples: {
    http: {
      asks: [
        'curl -X DELETE https://api.stripe.com/v1/customers/cus_123 -u "$STRIPE_KEY:"',
        'curl "https://api.namecheap.com/xml.response?ApiUser=ops&ApiKey=$KEY&UserName=ops&Command=namecheap.domains.dns.setHosts&SLD=shop&TLD=com"',
        "curl 'https://ec2.amazonaws.com/?Action=TerminateInstances&InstanceId.1=i-0abc'",
        "curl -sS -H 'Authorization: Bearer x' --request DELETE https://api.cloudflare.com/client/v4/zones/abc/dns_records/def",
        "curl -XDELETE localhost:9200/logs-2023",
        "curl -XPOST http://prom:9090/api/v1/admin/tsdb/delete_series -d 'match[]={job=\"api\"}'",
        "curl -X POST 'http://loki:3100/loki/api/v1/delete?query={app=\"shop\"}&start=0'",
        "curl -X PUT -H 'Content-Type: application/json' http://admin:admin@grafana:3000/api/admin/users/2/permissions -d '{\"isGrafanaAdmin\":true}'",
        "curl -X POST 'http://localhost:9200/logs/_delete_by_query' -d '{\"query\":{\"match_all\":{}}}'",
        "curl 'http://localhost:8983/solr/catalog/update?commit=true' -H 'Content-Type: text/xml' --data-binary '<delete><query>*:*</query></delete>'",
        "curl -sS -XPOST http://influx:8086/query --data-urlencode 'q=DROP MEASUREMENT requests' --data-urlencode db=telegraf",
        "curl 'http://clickhouse:8123/?user=default' --data-binary 'truncate table analytics.events'",
        'curl "http://192.168.1.40/cm?cmnd=Reset%201"',
        'curl -X POST -H "Authorization: Bearer $HA_TOKEN" http://homeassistant.local:8123/api/services/lock/unlock -d \'{"entity_id":"lock.front"}\'',
        'curl -X POST \'https://eu-central-1.aws.cloud2.influxdata.com/api/v2/delete?org=acme&bucket=metrics\' -d \'{"start":"2020-01-01T00:00:00Z","stop":"2030-01-01T00:00:00Z"}\'',
        'curl -X POST https://api.newrelic.com/graphql -d \'{"query":"mutation { entityDelete(guid: \\"abc\\") }"}\'',
        'curl -sX POST https://api.cloudflare.com/client/v4/zones/0d1e/purge_cache -H "Authorization: Bearer $CF_API_TOKEN" --json \'{"purge_everything": true}\'',
        'curl -X POST -H "Fastly-Key: $FASTLY_API_TOKEN" https://api.fastly.com/service/7i6HN3TK9wS159v2gPAZ8A/purge_all',
        'curl -X PATCH https://api.cloudflare.com/client/v4/zones/0d1e/settings/always_use_https -H "Authorization: Bearer $CF_API_TOKEN" -d \'{"value": "off"}\'',
        'curl -X POST "https://acme.okta.com/api/v1/users/00u1abc/lifecycle/deactivate" -H "Authorization: SSWS $OKTA_TOKEN"',
        'curl -s https://slack.com/api/admin.users.remove -H "Authorization: Bearer $SLACK_ADMIN_TOKEN" -d team_id=T1 -d user_id=U2',
        'curl https://api.stripe.com/v1/refunds -u "$STRIPE_KEY:" -d charge=ch_123 -d amount=50000',
        'curl -X POST https://graph.microsoft.com/v1.0/directoryRoles/62e9/members/$ref -H "Authorization: Bearer $T" --json \'{"@odata.id":"https://graph.microsoft.com/v1.0/directoryObjects/u1"}\'',
        "curl -X DELETE http://localhost:9200/orders",
        'curl -X POST http://vectordb.internal:19530/v2/vectordb/collections/drop -d \'{"collectionName":"docs"}\'',
        'curl -X POST -u admin:$GF_PASS https://grafana.internal/api/serviceaccounts/4/tokens --json \'{"name":"ci"}\'',
        'curl -X PUT http://search.internal:9200/_cluster/settings -d \'{"transient":{"cluster.routing.allocation.enable":"none"}}\'',
        "curl -X POST https://kibana.internal/api/saved_objects/_bulk_delete -H 'kbn-xsrf: true' -d @objects.json",
        'curl -X POST https://media.internal/api/v3/command -d \'{"name":"DeleteMovie","deleteFiles":true}\'',
        'curl -X POST https://api.sendgrid.com/v3/mail/send -H "Authorization: Bearer $SENDGRID_API_KEY" --json @newsletter.json',
        'curl -s --user "api:$MAILGUN_API_KEY" https://api.mailgun.net/v3/mg.acme.com/messages -F from=news@acme.com -F to=@subscribers.txt -F subject=Hi',
        'curl https://api.postmarkapp.com/email/withTemplate -H "X-Postmark-Server-Token: $POSTMARK_TOKEN" -d @welcome.json',
        'curl -X POST https://api.resend.com/emails/batch -H "Authorization: Bearer $RESEND_API_KEY" -d @batch.json',
        'curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json -u "AC123:$TWILIO_TOKEN" --data-urlencode To=+15550100 --data-urlencode Body=hi',
        'curl -X POST "https://api.crm.example/v3/objects/contacts/batch/archive" -H "Authorization: Bearer $CRM_TOKEN" -d @all-contacts.json',
        'curl -X PATCH https://api.docs.example/v1/pages/abc -H "Authorization: Bearer $DOCS_KEY" -d \'{"archived":true}\'',
        "curl -X POST http://prometheus:9090/-/quit",
        'curl -s https://api.llm.example/v1/organization/admin_api_keys -H "Authorization: Bearer $ADMIN_KEY" -d \'{"name":"x"}\'',
        "curl -X POST http://192.168.1.61/update -F 'firmware=@./random-fw.bin'",
        "curl -sX PUT http://192.168.1.10/api/$HUE_USER/groups/0/action -d '{\"on\":false}'",
        'curl -k -X POST https://192.168.1.1/api/s/default/cmd/devmgr -d \'{"cmd":"restart","mac":"aa:bb:cc:dd:ee:ff"}\'',
        'curl -X POST http://octopi.local/api/job -H "X-Api-Key: $OCTO_KEY" --json \'{"command":"start"}\'',
        "curl -X POST http://192.168.1.50/rpc/Shelly.Reboot",
        "curl -X POST http://192.168.1.50/reboot",
        'curl -X POST https://api.chat.example/api/admin.users.deactivate -H "Authorization: Bearer $T" -d user=U1',
        "curl 'http://solr.internal:8983/solr/admin/collections?action=DELETE&name=products'",
        "curl 'http://solr.internal:8983/solr/admin/cores?action=UNLOAD&core=products&deleteIndex=true'",
        'curl -X POST "https://$APP_ID.algolia.net/1/indexes/products/clear" -H "X-Algolia-API-Key: $ALGOLIA_ADMIN_KEY"',
        "curl -X PUT http://connect.internal:8083/connectors/orders-sink/config -H 'Content-Type: application/json' -d @sink.json",
        "curl -X DELETE http://connect.internal:8083/connectors/orders-sink/offsets",
        'curl -X POST -u elastic:$ES_PW https://es.internal:9200/_security/user/ops -H \'Content-Type: application/json\' -d \'{"password":"x","roles":["superuser"]}\'',
        "curl -X POST https://es.internal:9200/orders/_close",
        'curl -X PUT -u "u:$MC_KEY" https://us21.api.mailchimp.com/3.0/lists/abc/members/f00 -d \'{"status":"unsubscribed"}\'',
      ],
      passes: [
        'curl "https://api.namecheap.com/xml.response?ApiUser=ops&ApiKey=$KEY&UserName=ops&Command=namecheap.domains.dns.getHosts&SLD=shop&TLD=com"',
        "curl 'https://ec2.amazonaws.com/?Action=DescribeInstances'",
        "curl 'https://example.com/search?q=delete+account&action=list'",
        "curl -s https://api.github.com/repos/acme/app",
        "curl -X POST https://api.example.com/v1/orders -d '{\"sku\":1}'",
        "curl -I https://example.com",
        "curl -s 'http://prom:9090/api/v1/query?query=up' && curl -s http://admin:admin@grafana:3000/api/admin/stats && curl -s http://alertmanager:9093/api/v2/silences",
        "curl -X GET localhost:9200/_cat/indices",
        'curl "http://192.168.1.40/cm?cmnd=Status%200"',
        'curl -s -H "Authorization: Bearer $HA_TOKEN" http://homeassistant.local:8123/api/states/lock.front',
        'curl -X POST -H "Authorization: Bearer $HA_TOKEN" http://homeassistant.local:8123/api/services/light/turn_on -d \'{"entity_id":"light.desk"}\'',
        'curl \'http://localhost:8983/solr/catalog/update?commit=true\' -H \'Content-Type: application/json\' -d \'[{"id":"1","title":"Dune"}]\'',
        "curl -G http://influx:8086/query --data-urlencode 'q=SELECT mean(value) FROM cpu' --data-urlencode db=telegraf",
        "curl 'http://clickhouse:8123/' --data-binary 'SELECT count() FROM analytics.events'",
        'curl -X POST https://api.cloudflare.com/client/v4/zones/0d1e/purge_cache -H "Authorization: Bearer $CF_API_TOKEN" --json \'{"files": ["https://acme.example/app.css"]}\'',
        'curl -X PATCH https://api.cloudflare.com/client/v4/zones/0d1e/settings/ssl -H "Authorization: Bearer $CF_API_TOKEN" -d \'{"value": "strict"}\'',
        "curl -X DELETE http://localhost:3000/api/todos/1",
        "curl -s -X DELETE 127.0.0.1:8000/api/posts/7/",
        'curl -s "https://acme.okta.com/api/v1/users/00u1abc/roles" -H "Authorization: SSWS $OKTA_TOKEN"',
        'curl -s https://api.stripe.com/v1/refunds?limit=3 -u "$STRIPE_KEY:"',
        'curl -s https://slack.com/api/admin.users.list -H "Authorization: Bearer $SLACK_ADMIN_TOKEN"',
        'curl -s https://api.mailgun.net/v3/mg.acme.com/events -u "api:$MAILGUN_API_KEY"',
        'curl -s https://api.sendgrid.com/v3/marketing/singlesends -H "Authorization: Bearer $SENDGRID_API_KEY"',
        "curl -s http://localhost:8025/api/v2/messages",
        "curl -s http://search.internal:9200/_cluster/settings?include_defaults=true && curl -s https://grafana.internal/api/serviceaccounts/search",
        "curl -X POST http://search.internal:9200/logs/_flush && curl -X POST http://search.internal:9200/logs/_refresh",
        'curl -X POST https://media.internal/api/v3/command -d \'{"name":"RefreshMovie"}\'',
        "curl -X POST https://gitlab.example.com/oauth/token -d grant_type=refresh_token -d refresh_token=$RT",
        'curl -X POST https://api.crm.example/v3/objects/contacts -H "Authorization: Bearer $CRM_TOKEN" -d @contact.json',
        'curl -s https://api.crm.example/v3/archives -H "Authorization: Bearer $CRM_TOKEN"',
        'curl -s https://api.llm.example/v1/organization/admin_api_keys -H "Authorization: Bearer $ADMIN_KEY"',
        'curl -X PATCH https://api.docs.example/v1/pages/abc -H "Authorization: Bearer $DOCS_KEY" -d \'{"archived":false}\'',
        "curl -s http://prometheus:9090/-/ready",
        "curl -s http://192.168.1.10/api/$HUE_USER/lights",
        "curl -sX PUT http://192.168.1.10/api/$HUE_USER/lights/3/state -d '{\"on\":true}'",
        'curl -s http://octopi.local/api/job -H "X-Api-Key: $OCTO_KEY"',
        "curl -k -s https://192.168.1.1/api/s/default/stat/device",
        "curl -F 'file=@dist/app.tgz' https://uploads.example.com/",
        "curl 'http://solr.internal:8983/solr/admin/collections?action=LIST'",
        'curl -X POST "https://$APP_ID.algolia.net/1/indexes/products/query" -H "X-Algolia-API-Key: $ALGOLIA_SEARCH_KEY" -d \'{"query":"shoe"}\'',
        "curl -s http://connect.internal:8083/connectors/orders-sink/status",
        "curl -X PUT http://connect.internal:8083/connector-plugins/JdbcSinkConnector/config/validate -d @sink.json",
        "curl -s -u elastic:$ES_PW https://es.internal:9200/_security/user/ops",
        'curl -X PUT -u "u:$MC_KEY" https://us21.api.mailchimp.com/3.0/lists/abc/members/f00 -d \'{"status":"subscribed"}\'',
      ],
    },
  },
};

export const WGET: RemoteCli = {
  id: "wget",
  names: ["wget"],
  about: "wget",
  spec: NETWORK_PROGRAMS.wget!,
  alsoAsksWhen: [ENDPOINTS, SAAS_ADMIN_CALLS],
  passesFor: DEV_SERVER,
  examples: { http: { asks: ["wget --method=DELETE -qO- https://api.example.com/v1/users/42"], passes: ["wget -q https://example.com/file.tar.gz"] } },
};

export const HTTPIE: RemoteCli = {
  id: "httpie",
  names: ["http", "https"],
  about: "HTTPie",
  spec: NETWORK_PROGRAMS.http!,
  alsoAsksWhen: [ENDPOINTS, SEARCH_SETTINGS_OFF, SAAS_ADMIN_CALLS],
  passesFor: DEV_SERVER,
  examples: {
    http: {
      asks: [
        "http DELETE api.example.com/v1/users/42 Authorization:'Bearer x'",
        'http POST https://acme.okta.com/api/v1/users/00u1abc/lifecycle/suspend Authorization:"SSWS $OKTA_TOKEN"',
        "http POST :7700/indexes/products/documents/delete-batch",
        "http POST :6333/collections/docs/points/delete filter:='{}'",
      ],
      passes: ["http GET api.example.com/v1/users/42", "http POST api.example.com/v1/users name=ada", "http DELETE localhost:5173/api/cart/items/3"],
    },
  },
};

export const XH: RemoteCli = {
  id: "xh",
  names: ["xh", "xhs"],
  about: "xh",
  spec: NETWORK_PROGRAMS.xh!,
  alsoAsksWhen: [ENDPOINTS, SEARCH_SETTINGS_OFF, SAAS_ADMIN_CALLS],
  passesFor: DEV_SERVER,
  examples: {
    http: {
      asks: ["xh DELETE localhost:8001/services/orders", "xh POST https://gitlab.example.com/api/v4/users/17/block"],
      passes: ["xh localhost:8001/services", "xh DELETE localhost:3000/api/sessions/current"],
    },
  },
};
