// Message brokers: Kafka's tools (and Confluent's and Redpanda's CLIs),
// RabbitMQ, NATS, Pulsar. Deleting topics, queues, streams, consumer groups
// and records, purging, resetting offsets (with `--execute`) and resetting a
// node ask. (SQS, SNS, Pub/Sub and Service Bus are in the clouds' CLIs.)
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, group, names, nounChain, type Options, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const KAFKA_OPTIONS: Options = {
  "--bootstrap-server": "value",
  "--zookeeper": "value",
  "--topic": "value",
  "--group": "value",
  "--command-config": "read",
  "--partitions": "value",
  "--replication-factor": "value",
  "--config": "value",
  "--offset-json-file": "read",
  "--to-offset": "value",
  "--to-datetime": "value",
  "--entity-name": "value",
  "--entity-type": "value",
};
const kafka = (spec: ProgramSpec): ProgramSpec => ({ ...spec, tags: ["messaging", ...(spec.tags ?? [])] });

/** `KEY=N` with N of one to six digits, alone or first of a comma list (`retention.ms=1000,cleanup.policy=delete`). */
const smallValues = (key: string): string[] => [1, 2, 3, 4, 5, 6].flatMap((digits) => [`*${key}=${"[0-9]".repeat(digits)}`, `*${key}=${"[0-9]".repeat(digits)},*`]);

/**
 * A topic's retention cut to minutes or less, or to under a megabyte (`retention.ms=1`, `retention.bytes=1024`,
 * `local.retention.ms=…` too): at its next check the broker deletes every older message (issue 28, breadth round 5).
 */
const SHORT_RETENTION = { category: "messaging", args: [[...smallValues("retention.ms"), ...smallValues("retention.bytes")].join("|")] } as const;
const withSh = (name: string) => [name, `${name}.sh`];

export const KAFKA_TOPICS: RemoteCli = {
  id: "kafka-topics",
  names: withSh("kafka-topics"),
  about: "Kafka topic tool",
  spec: kafka(destroysWith(["--delete"], KAFKA_OPTIONS)),
  alsoAsksWhen: [SHORT_RETENTION],
  examples: {
    messaging: {
      asks: [
        "kafka-topics --zookeeper zk:2181 --alter --topic orders --config retention.ms=1000",
        "kafka-topics --bootstrap-server localhost:9092 --delete --topic orders",
        "kafka-topics.sh --bootstrap-server kafka:9092 --topic 'logs-.*' --delete",
      ],
      passes: ["kafka-topics --bootstrap-server localhost:9092 --list", "kafka-topics --bootstrap-server localhost:9092 --describe --topic orders"],
    },
  },
};

/** Breadth round 5: ACLs removed (`--remove`): the clients they let in are locked out, or the rules that kept others out are gone. */
export const KAFKA_ACLS: RemoteCli = {
  id: "kafka-acls",
  names: withSh("kafka-acls"),
  about: "Kafka ACL tool",
  spec: kafka(destroysWith(["--remove"], { ...KAFKA_OPTIONS, "--allow-principal": "value", "--deny-principal": "value", "--operation": "value" })),
  examples: {
    messaging: {
      asks: ["kafka-acls --bootstrap-server kafka:9092 --remove --force --allow-principal User:billing --topic invoices"],
      passes: [
        "kafka-acls --bootstrap-server kafka:9092 --list --topic invoices",
        "kafka-acls --bootstrap-server kafka:9092 --add --allow-principal User:billing --operation Read --topic invoices",
      ],
    },
  },
};

export const KAFKA_CONSUMER_GROUPS: RemoteCli = {
  id: "kafka-consumer-groups",
  names: withSh("kafka-consumer-groups"),
  about: "Kafka consumer-group tool",
  spec: kafka(destroysWith(["--delete", "--delete-offsets", "--execute"], KAFKA_OPTIONS)),
  examples: {
    messaging: {
      asks: [
        "kafka-consumer-groups --bootstrap-server localhost:9092 --delete --group billing",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --reset-offsets --to-earliest --group billing --topic orders --execute",
      ],
      passes: [
        "kafka-consumer-groups --bootstrap-server localhost:9092 --describe --group billing",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --reset-offsets --to-earliest --group billing --topic orders",
      ],
    },
  },
};

export const KAFKA_CONFIGS: RemoteCli = {
  id: "kafka-configs",
  names: withSh("kafka-configs"),
  about: "Kafka config tool",
  spec: kafka({ options: { ...KAFKA_OPTIONS, "--add-config": "value", "--delete-config": "value", "--add-config-file": "read" }, operands: ["read"] }),
  alsoAsksWhen: [SHORT_RETENTION],
  examples: {
    messaging: {
      asks: [
        "kafka-configs --bootstrap-server localhost:9092 --alter --entity-type topics --entity-name audit --add-config retention.ms=100",
        "kafka-configs.sh --bootstrap-server kafka:9092 --entity-type topics --entity-name events --alter --add-config retention.bytes=1,segment.bytes=1048576",
      ],
      passes: [
        "kafka-configs --bootstrap-server localhost:9092 --describe --entity-type topics --entity-name audit",
        "kafka-configs --bootstrap-server localhost:9092 --alter --entity-type topics --entity-name audit --add-config retention.ms=604800000",
      ],
    },
  },
};

/** An unclean election makes an out-of-sync replica the leader: the messages only the old leader had are gone. */
export const KAFKA_LEADER_ELECTION: RemoteCli = {
  id: "kafka-leader-election",
  names: withSh("kafka-leader-election"),
  about: "Kafka leader election tool",
  spec: kafka({ options: { ...KAFKA_OPTIONS, "--election-type": "value", "--path-to-json-file": "read", "--partition": "value" }, operands: ["read"] }),
  alsoAsksWhen: [{ category: "messaging", args: ["unclean|UNCLEAN"] }],
  examples: {
    messaging: {
      asks: ["kafka-leader-election --bootstrap-server kafka:9092 --election-type unclean --all-topic-partitions"],
      passes: ["kafka-leader-election --bootstrap-server kafka:9092 --election-type preferred --all-topic-partitions"],
    },
  },
};

export const KAFKA_DELETE_RECORDS: RemoteCli = {
  id: "kafka-delete-records",
  names: withSh("kafka-delete-records"),
  about: "Kafka record deletion tool",
  spec: kafka(destroys(KAFKA_OPTIONS)),
  examples: { messaging: { asks: ["kafka-delete-records --bootstrap-server localhost:9092 --offset-json-file offsets.json"] } },
};

export const CONFLUENT: RemoteCli = {
  id: "confluent",
  names: ["confluent"],
  about: "Confluent CLI",
  spec: {
    ...nounChain(
      { delete: destroys(), ...readVerbs(["list", "describe", "consume"]) },
      { "--environment": "value", "--cluster": "value", "-o": "value", "--output": "value", "--context": "value" },
    ),
    tags: ["messaging"],
  },
  alsoAsksWhen: [SHORT_RETENTION],
  examples: {
    messaging: {
      asks: ["confluent kafka topic update orders --config retention.ms=60000", "confluent kafka topic delete orders --cluster lkc-123", "confluent kafka cluster delete lkc-123"],
      passes: ["confluent kafka topic list", "confluent kafka topic consume orders"],
    },
  },
};

export const RPK: RemoteCli = {
  id: "rpk",
  names: ["rpk"],
  about: "Redpanda CLI",
  spec: {
    ...nounChain(
      // `group seek --to start|end|TIMESTAMP` moves a consumer group's offsets (every message replayed or skipped).
      { ...names(["delete", "trim-prefix", "trim", "seek"], destroys()), ...readVerbs(["list", "describe", "consume", "status"]) },
      { "-X": "value", "--brokers": "value", "--config": "read", "--profile": "value" },
    ),
    tags: ["messaging"],
  },
  alsoAsksWhen: [SHORT_RETENTION],
  examples: {
    messaging: {
      asks: ["rpk topic alter-config orders --set retention.ms=1", "rpk topic delete orders", "rpk group delete billing", "rpk group seek billing --to end"],
      passes: ["rpk topic list", "rpk topic consume orders -n 5"],
    },
  },
};

export const RABBITMQCTL: RemoteCli = {
  id: "rabbitmqctl",
  names: ["rabbitmqctl"],
  about: "RabbitMQ control tool",
  spec: group(
    "messaging",
    {
      ...names(
        [
          "delete_queue",
          "purge_queue",
          "delete_vhost",
          "reset",
          "force_reset",
          "forget_cluster_node",
          "delete_user",
          "delete_shovel",
          "clear_policy",
          // The node stops serving (`stop`, `stop_app`, `shutdown`), every client is cut off, a user loses access,
          // or `eval` runs Erlang code inside the broker.
          "stop",
          "stop_app",
          "shutdown",
          "close_all_connections",
          "clear_permissions",
          "eval",
        ],
        destroys(),
      ),
      ...readVerbs(["status", "cluster_status", "list_queues", "list_exchanges", "list_users", "list_vhosts", "report", "environment"]),
    },
    { "-n": "value", "--node": "value", "-p": "value", "--vhost": "value", "-t": "value", "--timeout": "value" },
  ),
  examples: {
    messaging: {
      asks: [
        "rabbitmqctl purge_queue jobs -p /prod",
        "rabbitmqctl delete_vhost /staging",
        "rabbitmqctl force_reset",
        "rabbitmqctl stop_app",
        "rabbitmqctl eval 'rabbit_amqqueue:delete_all().'",
      ],
      passes: ["rabbitmqctl list_queues name messages", "rabbitmqctl cluster_status"],
    },
  },
};

export const RABBITMQADMIN: RemoteCli = {
  id: "rabbitmqadmin",
  names: ["rabbitmqadmin"],
  about: "RabbitMQ management CLI",
  spec: group(
    "messaging",
    { ...names(["delete", "purge"], destroys()), ...readVerbs(["list", "show"]) },
    {
      "-H": "value",
      "--host": "value",
      "-P": "value",
      "--port": "value",
      "-V": "value",
      "--vhost": "value",
      "-u": "value",
      "--username": "value",
      "-p": "value",
      "--password": "value",
      "-c": "read",
      "--config": "read",
      "-N": "value",
      "--node": "value",
    },
  ),
  examples: {
    messaging: {
      asks: ["rabbitmqadmin delete queue name=jobs", "rabbitmqadmin -V /prod purge queue name=jobs"],
      passes: ["rabbitmqadmin list queues", "rabbitmqadmin publish routing_key=jobs payload=hi"],
    },
  },
};

const NATS_OPTIONS: Options = {
  "-s": "value",
  "--server": "value",
  "--creds": "read",
  "--nkey": "read",
  "--tlscert": "read",
  "--tlskey": "read",
  "--tlsca": "read",
  "--context": "value",
  "--user": "value",
  "--password": "value",
};

export const NATS: RemoteCli = {
  id: "nats",
  names: ["nats"],
  about: "NATS CLI",
  spec: {
    ...nounChain(
      { ...names(["rm", "delete", "del", "purge", "seal"], destroys(NATS_OPTIONS)), ...readVerbs(["ls", "list", "info", "get", "report", "sub"], NATS_OPTIONS) },
      NATS_OPTIONS,
    ),
    tags: ["messaging"],
  },
  examples: {
    messaging: {
      asks: ["nats stream rm ORDERS -f", "nats stream purge ORDERS", "nats kv del CONFIG feature_x", "nats stream seal ORDERS -f"],
      passes: ["nats stream ls", "nats stream info ORDERS", "nats pub orders.new '{}'"],
    },
  },
};

export const PULSAR_ADMIN: RemoteCli = {
  id: "pulsar-admin",
  names: ["pulsar-admin"],
  about: "Apache Pulsar admin CLI",
  spec: {
    ...nounChain(
      {
        // `reset-cursor`, `skip`, `expire-messages*`: a subscription's backlog skipped or replayed; `truncate`, `terminate`, `unsubscribe` lose messages or a topic for good.
        ...names(
          [
            "delete",
            "delete-*",
            "clear-backlog",
            "skip-all",
            "skip",
            "reset-cursor",
            "expire-messages",
            "expire-messages-all-subscriptions",
            "truncate",
            "terminate",
            "terminate-*",
            "unsubscribe",
          ],
          destroys(),
        ),
        ...readVerbs(["list", "stats", "get-*"]),
      },
      { "--admin-url": "url", "--auth-plugin": "value", "--auth-params": "value" },
    ),
    tags: ["messaging"],
  },
  examples: {
    messaging: {
      asks: [
        "pulsar-admin topics delete persistent://public/default/orders",
        "pulsar-admin namespaces delete public/old",
        "pulsar-admin topics reset-cursor -s billing -t 1h persistent://public/default/orders",
        "pulsar-admin topics truncate persistent://public/default/orders",
      ],
      passes: ["pulsar-admin topics list public/default", "pulsar-admin topics stats persistent://public/default/orders"],
    },
  },
};

const CELERY_OPTIONS: Options = {
  "-A": "value",
  "--app": "value",
  "-b": "value",
  "--broker": "value",
  "--result-backend": "value",
  "--loader": "value",
  "--config": "value",
  "--workdir": "path",
  "-Q": "value",
  "--queues": "value",
  "-d": "value",
  "--destination": "value",
};

/**
 * Celery: `purge` empties every queue of the app (`-f` skips its question), `control shutdown` stops every worker,
 * `amqp queue.delete`/`queue.purge` drop a queue and what waits in it. The same for RQ's `rq empty`.
 */
export const CELERY: RemoteCli = {
  id: "celery",
  names: ["celery"],
  about: "Celery",
  spec: group(
    "messaging",
    {
      purge: destroysWith(["-f", "--force"], CELERY_OPTIONS),
      control: group(undefined, { shutdown: destroys(CELERY_OPTIONS), ...readVerbs(["ping", "inspect"], CELERY_OPTIONS) }, CELERY_OPTIONS),
      amqp: group(undefined, names(["queue.delete", "queue.purge", "exchange.delete"], destroys(CELERY_OPTIONS)), CELERY_OPTIONS),
      ...readVerbs(["inspect", "status", "report", "events", "list"], CELERY_OPTIONS),
    },
    CELERY_OPTIONS,
  ),
  examples: {
    messaging: {
      asks: ["celery --app shop.tasks purge --force -Q emails", "celery -A proj control shutdown", "celery -A proj amqp queue.purge emails"],
      passes: ["celery -A proj inspect active", "celery -A proj status", "celery -A proj purge", "celery -A proj worker -l info"],
    },
  },
};

export const RQ: RemoteCli = {
  id: "rq",
  names: ["rq"],
  about: "RQ (Redis Queue)",
  spec: group("messaging", { empty: destroys({ "-u": "value", "--url": "value", "-c": "value" }), ...readVerbs(["info"]) }, { "-u": "value", "--url": "value" }),
  examples: { messaging: { asks: ["rq empty --all -u redis://queue.internal:6379", "rq empty emails"], passes: ["rq info", "rq worker emails"] } },
};
