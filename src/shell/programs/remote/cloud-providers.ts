// The other cloud providers' CLIs: resources as nouns, then a verb
// (`doctl compute droplet delete`, `hcloud server delete`, `oci compute
// instance terminate`), and Alibaba's `aliyun <product> <Operation>`.
import type { ProgramSpec } from "../spec.ts";
import type { Category } from "./categories.ts";
import { destroys, destroysWith, group, labelled, leaf, names, nounChain, type Options, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const READS = ["list", "ls", "get", "show", "describe", "info"];

/**
 * Breadth round 5: what every provider's servers share. A rebuild, reinstall or reimage writes a fresh image over
 * the machine's disk; a power-off or stop takes down what it serves (as `aws ec2 stop-instances` and `gcloud …
 * stop` ask).
 */
const MACHINE_VERBS = ["rebuild", "reinstall", "reimage", "poweroff", "power-off", "shutdown", "stop"];

/** A noun-verb CLI: `destroying` verbs ask; groups named in `categories` are of that kind, the rest `cloud`. */
function nounVerbCli(destroying: readonly string[], options: Options, categories: Record<string, Category> = {}, extra: Record<string, ProgramSpec> = {}): ProgramSpec {
  const chain = nounChain({ ...names([...destroying, ...MACHINE_VERBS], destroys(options)), ...readVerbs(READS, options) }, options);
  const groups: Record<string, ProgramSpec> = { ...extra };
  for (const [name, category] of Object.entries(categories)) groups[name] ??= labelled(category, chain);
  groups["*"] = labelled("cloud", chain);
  return { options, operands: ["read"], subcommands: groups };
}

const DOCTL_OPTIONS = {
  "-t": "value",
  "--access-token": "value",
  "--context": "value",
  "-c": "read",
  "--config": "read",
  "-o": "value",
  "--output": "value",
  "--api-url": "url",
  "--format": "value",
} as const;
const DOCTL_VERBS = ["delete", "rm", "del", "d"];
const doctlChain = (category: Category, more: Record<string, ProgramSpec> = {}) =>
  labelled(category, nounChain({ ...names([...DOCTL_VERBS, ...MACHINE_VERBS], destroys(DOCTL_OPTIONS)), ...readVerbs(READS, DOCTL_OPTIONS), ...more }, DOCTL_OPTIONS));

export const DOCTL: RemoteCli = {
  id: "doctl",
  names: ["doctl"],
  about: "DigitalOcean CLI",
  spec: nounVerbCli(
    DOCTL_VERBS,
    DOCTL_OPTIONS,
    { databases: "databases", monitoring: "monitoring" },
    {
      compute: group(
        undefined,
        {
          ...names(["domain"], doctlChain("dns")),
          ...names(["load-balancer", "lb"], doctlChain("loadbalancer")),
          cdn: doctlChain("cdn"),
          "*": doctlChain("cloud"),
        },
        DOCTL_OPTIONS,
      ),
      // `kubernetes cluster node-pool update CLUSTER POOL --count 0`: no node left to run anything.
      kubernetes: doctlChain("cloud", { update: destroysWith(["--count=0"], { ...DOCTL_OPTIONS, "--count": "value" }) }),
      // `auth token`: the account's API token.
      auth: group(undefined, { token: printsCredential(DOCTL_OPTIONS) }, DOCTL_OPTIONS),
    },
  ),
  examples: {
    cloud: {
      asks: ["doctl compute droplet delete web-1 --force", "doctl kubernetes cluster delete staging", "doctl kubernetes cluster node-pool update staging pool-1 --count 0"],
      passes: ["doctl compute droplet list", "doctl kubernetes cluster node-pool update staging pool-1 --count 3", "doctl kubernetes cluster list"],
    },
    databases: { asks: ["doctl databases delete 9cc10173"], passes: ["doctl databases list"] },
    dns: { asks: ["doctl compute domain records delete example.com 12345"], passes: ["doctl compute domain records list example.com"] },
    loadbalancer: { asks: ["doctl compute load-balancer delete 4de7ac8b"], passes: ["doctl compute load-balancer list"] },
    cdn: { asks: ["doctl compute cdn delete 19f06b6a"], passes: ["doctl compute cdn list"] },
    monitoring: { asks: ["doctl monitoring alert delete 5a4981aa"], passes: ["doctl monitoring alert list"] },
  },
};

export const LINODE: RemoteCli = {
  id: "linode-cli",
  names: ["linode-cli", "linode"],
  about: "Linode (Akamai) CLI",
  spec: nounVerbCli(
    ["delete", "*-delete", "rm", "del", "rb"],
    { "--as-user": "value", "--format": "value", "--page": "value", "--page-size": "value", "--delimiter": "value" },
    { domains: "dns", obj: "storage", nodebalancers: "loadbalancer", databases: "databases" },
  ),
  examples: {
    cloud: {
      asks: [
        "linode-cli linodes delete 123456",
        "linode-cli lke cluster-delete 12",
        "linode-cli linodes rebuild 123456 --image linode/debian12",
        "linode-cli linodes shutdown 123456",
      ],
      passes: ["linode-cli linodes list", "linode-cli linodes boot 123456"],
    },
    dns: { asks: ["linode-cli domains records-delete 1234 5678"], passes: ["linode-cli domains list"] },
    storage: { asks: ["linode-cli obj rb old-bucket"], passes: ["linode-cli obj ls"] },
    loadbalancer: { asks: ["linode-cli nodebalancers delete 42"], passes: ["linode-cli nodebalancers list"] },
    databases: { asks: ["linode-cli databases mysql-delete 77"], passes: ["linode-cli databases list"] },
  },
};

export const VULTR: RemoteCli = {
  id: "vultr-cli",
  names: ["vultr-cli", "vultr"],
  about: "Vultr CLI",
  spec: nounVerbCli(
    ["delete", "destroy", "d"],
    { "--config": "read", "-o": "value", "--output": "value" },
    { dns: "dns", database: "databases", "load-balancer": "loadbalancer", "object-storage": "storage" },
  ),
  examples: {
    cloud: { asks: ["vultr-cli instance delete 5c1d"], passes: ["vultr-cli instance list"] },
    dns: { asks: ["vultr-cli dns domain delete example.com"], passes: ["vultr-cli dns domain list"] },
    databases: { asks: ["vultr-cli database delete 9a8b"], passes: ["vultr-cli database list"] },
    loadbalancer: { asks: ["vultr-cli load-balancer delete 1f2e"], passes: ["vultr-cli load-balancer list"] },
    storage: { asks: ["vultr-cli object-storage delete 3c4d"], passes: ["vultr-cli object-storage list"] },
  },
};

export const HCLOUD: RemoteCli = {
  id: "hcloud",
  names: ["hcloud"],
  about: "Hetzner Cloud CLI",
  spec: nounVerbCli(["delete"], { "--context": "value", "--config": "read", "--poll-interval": "value", "-o": "value", "--output": "value" }, { "load-balancer": "loadbalancer" }),
  examples: {
    cloud: {
      asks: ["hcloud server delete web-1", "hcloud volume delete data", "hcloud server rebuild web-1 --image ubuntu-24.04", "hcloud server poweroff web-1"],
      passes: ["hcloud server list", "hcloud server reboot web-1", "hcloud server create --name web-2 --type cx22 --image ubuntu-24.04"],
    },
    loadbalancer: { asks: ["hcloud load-balancer delete lb-1"], passes: ["hcloud load-balancer describe lb-1"] },
  },
};

export const OCI: RemoteCli = {
  id: "oci",
  names: ["oci"],
  about: "Oracle Cloud CLI",
  spec: nounVerbCli(
    ["delete", "terminate", "bulk-delete", "schedule-deletion", "schedule-*-deletion"],
    { "--profile": "value", "--config-file": "read", "--region": "value", "--auth": "value", "--output": "value", "--query": "value", "--endpoint": "url" },
    { os: "storage", db: "databases", mysql: "databases", dns: "dns", lb: "loadbalancer", nlb: "loadbalancer", vault: "secrets", kms: "secrets" },
  ),
  examples: {
    cloud: { asks: ["oci compute instance terminate --instance-id ocid1.instance.oc1..x --force"], passes: ["oci compute instance list -c ocid1.compartment.oc1..x"] },
    storage: { asks: ["oci os object bulk-delete -bn backups --force", "oci os bucket delete --name old"], passes: ["oci os object list -bn backups"] },
    databases: { asks: ["oci db autonomous-database delete --autonomous-database-id ocid1.x"], passes: ["oci db autonomous-database get --autonomous-database-id ocid1.x"] },
    dns: { asks: ["oci dns zone delete --zone-name-or-id example.com"], passes: ["oci dns zone list -c ocid1.x"] },
    loadbalancer: { asks: ["oci lb load-balancer delete --load-balancer-id ocid1.x"], passes: ["oci lb load-balancer list -c ocid1.x"] },
    secrets: { asks: ["oci vault secret schedule-secret-deletion --secret-id ocid1.x"], passes: ["oci vault secret list -c ocid1.x"] },
  },
};

const IBM_DESTROYING = ["delete", "*-delete", "rm", "*-rm"];

export const IBMCLOUD: RemoteCli = {
  id: "ibmcloud",
  names: ["ibmcloud", "ic"],
  about: "IBM Cloud CLI",
  spec: nounVerbCli(
    IBM_DESTROYING,
    {},
    { cos: "storage", cdb: "databases", dns: "dns", "secrets-manager": "secrets" },
    // `iam api-key-create` and `resource service-key NAME` print an API key or a service's credentials.
    {
      ...names(
        ["iam", "resource"],
        labelled(
          "cloud",
          nounChain({
            ...names([...IBM_DESTROYING, ...MACHINE_VERBS], destroys()),
            ...readVerbs(READS),
            ...names(["api-key-create", "service-api-key-create", "service-key", "service-key-create"], printsCredential()),
          }),
        ),
      ),
    },
  ),
  examples: {
    cloud: {
      asks: ["ibmcloud is instance-delete web-1 --force", "ibmcloud ks cluster rm --cluster dev", "ibmcloud iam api-key-delete old-ci -f"],
      passes: ["ibmcloud is instances", "ibmcloud iam api-keys", "ibmcloud resource service-instances"],
    },
    storage: { asks: ["ibmcloud cos bucket-delete --bucket logs"], passes: ["ibmcloud cos buckets"] },
    databases: { asks: ["ibmcloud cdb deployment-delete pg-prod"], passes: ["ibmcloud cdb deployments"] },
    dns: { asks: ["ibmcloud dns resource-record-delete zone1 rec1"], passes: ["ibmcloud dns zones"] },
    secrets: { asks: ["ibmcloud secrets-manager secret-delete --id 1a2b"], passes: ["ibmcloud secrets-manager secrets"] },
  },
};

export const SCW: RemoteCli = {
  id: "scw",
  names: ["scw"],
  about: "Scaleway CLI",
  spec: nounVerbCli(
    ["delete", "terminate"],
    { "-p": "value", "--profile": "value", "-c": "read", "--config": "read", "-o": "value", "--output": "value" },
    { rdb: "databases", object: "storage", lb: "loadbalancer", dns: "dns", secret: "secrets" },
  ),
  examples: {
    cloud: { asks: ["scw instance server terminate 11111111-1111 zone=fr-par-1", "scw k8s cluster delete 2222"], passes: ["scw instance server list"] },
    databases: { asks: ["scw rdb instance delete 3333"], passes: ["scw rdb instance list"] },
    storage: { asks: ["scw object bucket delete old-assets"], passes: ["scw object bucket list"] },
    loadbalancer: { asks: ["scw lb lb delete 4444"], passes: ["scw lb lb list"] },
    dns: { asks: ["scw dns record delete example.com name=www type=A"], passes: ["scw dns record list example.com"] },
    secrets: { asks: ["scw secret secret delete 5555"], passes: ["scw secret secret list"] },
  },
};

const ALIYUN_OPERATIONS = group(undefined, {
  ...names(["Delete*", "Release*", "Remove*", "Terminate*", "ScheduleKeyDeletion", "rm"], destroys()),
  ...names(["Describe*", "List*", "Get*", "ls", "cat", "stat"], leaf()),
});
const aliyunProduct = (category: Category) => labelled(category, ALIYUN_OPERATIONS);

export const ALIYUN: RemoteCli = {
  id: "aliyun",
  names: ["aliyun"],
  about: "Alibaba Cloud CLI",
  spec: {
    options: { "--profile": "value", "--region": "value", "--mode": "value", "--access-key-id": "value", "--access-key-secret": "value" },
    operands: ["read"],
    subcommands: {
      oss: aliyunProduct("storage"),
      ...names(["rds", "polardb", "r-kvstore", "dds"], aliyunProduct("databases")),
      alidns: aliyunProduct("dns"),
      ...names(["slb", "alb", "nlb"], aliyunProduct("loadbalancer")),
      ...names(["cdn", "dcdn"], aliyunProduct("cdn")),
      kms: aliyunProduct("secrets"),
      "*": aliyunProduct("cloud"),
    },
  },
  examples: {
    cloud: {
      asks: ["aliyun ecs DeleteInstance --InstanceId i-bp1", "aliyun --profile prod ecs DeleteInstance --InstanceId i-bp1 --Force true"],
      passes: ["aliyun ecs DescribeInstances"],
    },
    storage: { asks: ["aliyun oss rm oss://bucket/logs -r -f"], passes: ["aliyun oss ls oss://bucket"] },
    databases: { asks: ["aliyun rds DeleteDBInstance --DBInstanceId rm-1"], passes: ["aliyun rds DescribeDBInstances"] },
    dns: { asks: ["aliyun alidns DeleteDomainRecord --RecordId 42"], passes: ["aliyun alidns DescribeDomainRecords --DomainName example.com"] },
    loadbalancer: { asks: ["aliyun slb DeleteLoadBalancer --LoadBalancerId lb-1"], passes: ["aliyun slb DescribeLoadBalancers"] },
    cdn: { asks: ["aliyun cdn DeleteCdnDomain --DomainName cdn.example.com"], passes: ["aliyun cdn DescribeUserDomains"] },
    secrets: { asks: ["aliyun kms ScheduleKeyDeletion --KeyId k1 --PendingWindowInDays 7"], passes: ["aliyun kms ListKeys"] },
  },
};

export const OPENSTACK: RemoteCli = {
  id: "openstack",
  names: ["openstack"],
  about: "OpenStack CLI",
  // `openstack server delete web-1`, `openstack stack delete prod -y`; `volume`/`object`/`container` keep data.
  spec: nounVerbCli(
    ["delete", "purge"],
    { "--os-cloud": "value", "--os-project-name": "value", "--os-region-name": "value", "-f": "value", "--format": "value", "-c": "value", "--column": "value" },
    { volume: "storage", object: "storage", container: "storage", stack: "infrastructure" },
  ),
  examples: {
    cloud: { asks: ["openstack server delete web-1", "openstack project purge --project demo"], passes: ["openstack server list", "openstack server show web-1"] },
    storage: { asks: ["openstack volume delete data-1", "openstack container delete --recursive backups"], passes: ["openstack volume list"] },
    infrastructure: { asks: ["openstack stack delete prod -y"], passes: ["openstack stack list"] },
  },
};

export const CIVO: RemoteCli = {
  id: "civo",
  names: ["civo"],
  about: "Civo CLI",
  spec: nounVerbCli(["remove", "rm", "delete"], { "--region": "value", "-o": "value", "--output": "value" }, { kubernetes: "kubernetes", k3s: "kubernetes" }),
  examples: {
    cloud: { asks: ["civo instance remove web-1 -y"], passes: ["civo instance list"] },
    kubernetes: { asks: ["civo kubernetes remove demo-cluster -y"], passes: ["civo kubernetes show demo-cluster"] },
  },
};

export const KOYEB: RemoteCli = {
  id: "koyeb",
  names: ["koyeb"],
  about: "Koyeb CLI",
  spec: nounVerbCli(["delete", "rm"], { "-o": "value", "--output": "value", "--token": "value" }),
  examples: { cloud: { asks: ["koyeb apps delete shop", "koyeb services delete shop/api"], passes: ["koyeb apps list", "koyeb services logs shop/api"] } },
};

const YC_OPTIONS = {
  "--profile": "value",
  "--token": "value",
  "--cloud-id": "value",
  "--folder-id": "value",
  "--folder-name": "value",
  "--format": "value",
  "--endpoint": "url",
} as const satisfies Options;
const ycChain = (category: Category, more: Record<string, ProgramSpec> = {}) =>
  labelled(category, nounChain({ ...names(["delete", "rm", ...MACHINE_VERBS], destroys(YC_OPTIONS)), ...readVerbs(READS, YC_OPTIONS), ...more }, YC_OPTIONS));

export const YC: RemoteCli = {
  id: "yc",
  names: ["yc"],
  about: "Yandex Cloud CLI",
  spec: {
    options: YC_OPTIONS,
    operands: ["read"],
    subcommands: {
      ...names(["managed-postgresql", "managed-mysql", "managed-clickhouse", "managed-mongodb", "managed-redis", "managed-opensearch", "ydb"], ycChain("databases")),
      storage: ycChain("storage"),
      dns: ycChain("dns"),
      "managed-kubernetes": ycChain("kubernetes"),
      // `lockbox payload get` prints the secret's entries, values and all.
      lockbox: ycChain("secrets", { payload: group(undefined, { get: printsCredential(YC_OPTIONS) }, YC_OPTIONS) }),
      kms: ycChain("secrets"),
      ...names(["load-balancer", "application-load-balancer", "alb"], ycChain("loadbalancer")),
      "*": ycChain("cloud"),
    },
  },
  examples: {
    cloud: {
      asks: ["yc compute instance delete --name web-2", "yc resource-manager folder delete staging", "yc compute instance stop web-1"],
      passes: ["yc compute instance list", "yc config list", "yc compute instance get web-1 --format json"],
    },
    databases: {
      asks: ["yc managed-mysql cluster delete --name shop-db", "yc managed-postgresql database delete app --cluster-name pg1"],
      passes: ["yc managed-postgresql cluster list"],
    },
    storage: { asks: ["yc storage bucket delete --name media-backup"], passes: ["yc storage bucket list"] },
    secrets: { asks: ["yc lockbox secret delete --name api-keys"], passes: ["yc lockbox secret list"] },
    kubernetes: { asks: ["yc managed-kubernetes cluster delete k8s-main"], passes: ["yc managed-kubernetes cluster list"] },
    dns: { asks: ["yc dns zone delete public-zone"], passes: ["yc dns zone list-records public-zone"] },
    loadbalancer: { asks: ["yc application-load-balancer load-balancer delete edge-alb"], passes: ["yc alb load-balancer list"] },
  },
};

// OVHcloud's CLI: `ovhcloud cloud instance delete ID --cloud-project P`, `ovhcloud baremetal reinstall`.
const OVHCLOUD_OPTIONS = { "--cloud-project": "value", "--profile": "value", "--config": "read", "-o": "value", "--output": "value", "--region": "value" } as const;

export const OVHCLOUD: RemoteCli = {
  id: "ovhcloud",
  names: ["ovhcloud", "ovh"],
  about: "OVHcloud CLI",
  spec: nounVerbCli(["delete", "rm", "terminate"], OVHCLOUD_OPTIONS, { "domain-zone": "dns" }),
  examples: {
    cloud: {
      asks: [
        "ovhcloud cloud instance delete 6b3f --cloud-project 12ab",
        "ovhcloud baremetal reinstall ns1234.ip-1-2-3.eu",
        "ovhcloud cloud kube delete k8s-1 --cloud-project 12ab",
      ],
      passes: ["ovhcloud cloud instance list --cloud-project 12ab", "ovhcloud baremetal get ns1234.ip-1-2-3.eu"],
    },
    dns: { asks: ["ovhcloud domain-zone record delete example.com 42"], passes: ["ovhcloud domain-zone get example.com"] },
  },
};
