// Every remote-resource CLI the guard knows, and their grammars by program
// name for the program table. The built-in remote packs, the README's list
// and the tests are all made from this list.
import type { ProgramSpec } from "../spec.ts";
import { APIGEECLI, DECK, KONG } from "./api-gateways.ts";
import { AWS } from "./aws.ts";
import { AZ, AZCOPY } from "./azure.ts";
import { BARMAN, BORG, DUPLICITY, KOPIA, PGBACKREST, RESTIC, TARSNAP, VELERO, WAL_G } from "./backup.ts";
import { FASTLY } from "./cdn.ts";
import { ARGO, BK, CIRCLECI, GITLAB_RUNNER, SPIN, TKN, TRAVIS, WOODPECKER } from "./cicd.ts";
import { ALIYUN, CIVO, DOCTL, HCLOUD, IBMCLOUD, KOYEB, LINODE, OCI, OPENSTACK, OVHCLOUD, SCW, VULTR, YC } from "./cloud-providers.ts";
import { GH, GLAB, HUB, TEA } from "./code-hosting.ts";
import { BUILDAH, COLIMA, DOCKER, DOCKER_COMPOSE, NERDCTL, PODMAN } from "./containers.ts";
import { DATABRICKS, JENKINS, RENDER, SNOW, UPSTASH } from "./data-platforms.ts";
import { ATLAS, COCKROACH, INFLUX, MONGOCLI, NEONCTL, PSCALE, TURSO } from "./databases.ts";
import { DNSCONTROL, FLARECTL, LEXICON, NSUPDATE, OCTODNS } from "./dns.ts";
import { CONFIGCAT, FLIPT, LDCLI } from "./feature-flags.ts";
import { BQ, GCLOUD, GSUTIL } from "./google.ts";
import { AMPLIFY, CF, COPILOT, DOKKU, EB, EKSCTL, FIREBASE, FLY, HEROKU, NETLIFY, RAILWAY, SUPABASE, VERCEL, WRANGLER } from "./hosting.ts";
import { CURL, HTTPIE, WGET, XH } from "./http.ts";
import { AZD, CDK, CDKTF, PULUMI, SAM, SERVERLESS, SST, TERRAFORM_CLI, TERRAGRUNT_CLI, TOFU } from "./infrastructure.ts";
import { ARGOCD, FLUX, HELM, ISTIOCTL, KOPS, KUBEADM, KUBECTL_CLI, OC_CLI, SKAFFOLD, TALOSCTL, TILT } from "./kubernetes.ts";
import {
  CONFLUENT,
  KAFKA_ACLS,
  KAFKA_CONFIGS,
  KAFKA_CONSUMER_GROUPS,
  KAFKA_DELETE_RECORDS,
  KAFKA_TOPICS,
  NATS,
  PULSAR_ADMIN,
  RABBITMQADMIN,
  RABBITMQCTL,
  RPK,
} from "./messaging.ts";
import { BOUNDARY, CONSUL, NOMAD } from "./orchestrators.ts";
import { RAY_LAUNCHER, RUNPODCTL, SKY, VASTAI } from "./ml-compute.ts";
import {
  DOCKER_MACHINE,
  GOVC,
  LIMACTL,
  LXC,
  LXC_CLASSIC,
  MULTIPASS,
  PRLCTL,
  PROXMOX,
  ORBSTACK,
  PVESH,
  TART,
  UTMCTL,
  VAGRANT,
  VBOXMANAGE,
  VIRSH,
  VMRUN,
} from "./virtual-machines.ts";
import { APPWRITE, AUTH0, AVN, CBT, CLOUDFLARED, DEPLOYCTL, DRONE, EAS, EXO, FAUNA, HASURA, RANCHER, SHOPIFY, TWILIO, XATA, ZKCLI } from "./app-services.ts";
import { CONTENTFUL, SANITY } from "./content.ts";
import { AMTOOL, DATADOG_CI, DOG, GRAFANA_CLI, GRAFANACTL, NEWRELIC, PAGERDUTY, SENTRY_CLI, SPLUNK } from "./monitoring.ts";
import { STRIPE } from "./payment.ts";
import { KCADM, OKTA } from "./identity.ts";
import type { RemoteCli } from "./remote-cli.ts";
import { ALGOLIA } from "./search.ts";
import { BW, CHAMBER, DOPPLER, INFISICAL, OP, VAULT } from "./secrets.ts";
import { B2, MC, S3CMD, S5CMD } from "./storage.ts";
import { RCLONE, RSYNC } from "./sync.ts";
import { GAM, IPA, KADMIN, KDB5_UTIL, KTUTIL, LDAPDELETE, LDAPMODIFY, LDAPSEARCH, SAMBA_TOOL, SLAPADD, SLAPCAT } from "./directory.ts";
import { DOVEADM, EXIM, POSTCONF, POSTSUPER } from "./mail-servers.ts";
import { ABCTL, AIRFLOW, DAGSTER, DBT, MELTANO, PREFECT } from "./pipelines.ts";
import { DIRECTUS, DRUSH, GHOST, MAGENTO, STRAPI, WP_CLI } from "./web-apps.ts";

export const REMOTE_CLIS: readonly RemoteCli[] = [
  // cloud providers and hosting
  AWS,
  GCLOUD,
  AZ,
  DOCTL,
  LINODE,
  VULTR,
  HCLOUD,
  OCI,
  IBMCLOUD,
  SCW,
  ALIYUN,
  YC,
  FLY,
  HEROKU,
  VERCEL,
  NETLIFY,
  RAILWAY,
  WRANGLER,
  FIREBASE,
  SUPABASE,
  AMPLIFY,
  EB,
  COPILOT,
  EKSCTL,
  CF,
  DOKKU,
  RENDER,
  DATABRICKS,
  // infrastructure as code, Kubernetes, containers
  TERRAFORM_CLI,
  TOFU,
  TERRAGRUNT_CLI,
  PULUMI,
  CDK,
  CDKTF,
  SST,
  SERVERLESS,
  SAM,
  AZD,
  KUBECTL_CLI,
  OC_CLI,
  HELM,
  ARGOCD,
  FLUX,
  SKAFFOLD,
  TILT,
  KUBEADM,
  ISTIOCTL,
  DOCKER,
  PODMAN,
  NERDCTL,
  DOCKER_COMPOSE,
  BUILDAH,
  COLIMA,
  // storage, sync, backup, databases
  GSUTIL,
  AZCOPY,
  MC,
  S3CMD,
  S5CMD,
  B2,
  RCLONE,
  RSYNC,
  RESTIC,
  BORG,
  KOPIA,
  DUPLICITY,
  TARSNAP,
  VELERO,
  BQ,
  NEONCTL,
  PSCALE,
  TURSO,
  COCKROACH,
  ATLAS,
  MONGOCLI,
  INFLUX,
  SNOW,
  UPSTASH,
  // platforms, CI/CD, secrets
  GH,
  GLAB,
  HUB,
  TEA,
  CIRCLECI,
  GITLAB_RUNNER,
  TRAVIS,
  WOODPECKER,
  TKN,
  ARGO,
  JENKINS,
  SPIN,
  BK,
  VAULT,
  OP,
  DOPPLER,
  INFISICAL,
  BW,
  CHAMBER,
  // services: messaging, monitoring, DNS, CDN, gateways, flags, payment, search, HTTP
  KAFKA_TOPICS,
  KAFKA_CONSUMER_GROUPS,
  KAFKA_DELETE_RECORDS,
  KAFKA_CONFIGS,
  CONFLUENT,
  RPK,
  RABBITMQCTL,
  RABBITMQADMIN,
  NATS,
  PULSAR_ADMIN,
  SENTRY_CLI,
  PAGERDUTY,
  NEWRELIC,
  DATADOG_CI,
  DOG,
  GRAFANACTL,
  SPLUNK,
  AMTOOL,
  FLARECTL,
  NSUPDATE,
  OCTODNS,
  DNSCONTROL,
  LEXICON,
  FASTLY,
  APIGEECLI,
  DECK,
  KONG,
  LDCLI,
  CONFIGCAT,
  FLIPT,
  STRIPE,
  ALGOLIA,
  CURL,
  WGET,
  HTTPIE,
  XH,
  // added later, kept last so their generated rules come after the others
  OPENSTACK,
  CIVO,
  KOYEB,
  KOPS,
  TALOSCTL,
  // breadth round 5
  NOMAD,
  CONSUL,
  BOUNDARY,
  VIRSH,
  LXC,
  VBOXMANAGE,
  PROXMOX,
  PVESH,
  GOVC,
  AVN,
  EXO,
  RANCHER,
  CBT,
  ZKCLI,
  DRONE,
  CLOUDFLARED,
  AUTH0,
  APPWRITE,
  HASURA,
  EAS,
  DEPLOYCTL,
  SHOPIFY,
  TWILIO,
  XATA,
  FAUNA,
  KAFKA_ACLS,
  // identity providers, content platforms, PostgreSQL backup managers
  OVHCLOUD,
  OKTA,
  KCADM,
  CONTENTFUL,
  SANITY,
  PGBACKREST,
  BARMAN,
  WAL_G,
  GRAFANA_CLI,
  // virtual machine hosts beyond libvirt and Proxmox
  MULTIPASS,
  LIMACTL,
  PRLCTL,
  VAGRANT,
  DOCKER_MACHINE,
  LXC_CLASSIC,
  VMRUN,
  TART,
  UTMCTL,
  ORBSTACK,
  // GPU clouds and ML cluster launchers
  RAY_LAUNCHER,
  SKY,
  RUNPODCTL,
  VASTAI,
  // issue 28, areas 14: web applications' admin CLIs, directory and mail servers, data pipelines
  WP_CLI,
  DRUSH,
  MAGENTO,
  STRAPI,
  GHOST,
  DIRECTUS,
  LDAPDELETE,
  GAM,
  LDAPMODIFY,
  LDAPSEARCH,
  SLAPCAT,
  SLAPADD,
  KADMIN,
  KDB5_UTIL,
  KTUTIL,
  SAMBA_TOOL,
  IPA,
  POSTSUPER,
  POSTCONF,
  DOVEADM,
  EXIM,
  DBT,
  AIRFLOW,
  DAGSTER,
  PREFECT,
  MELTANO,
  ABCTL,
];

/** Grammars by program name, for the program table (rsync's and the HTTP clients' live in network.ts). */
export const REMOTE_PROGRAMS: Record<string, ProgramSpec> = Object.fromEntries(REMOTE_CLIS.flatMap((cli) => cli.names.map((name) => [name, cli.spec])));
