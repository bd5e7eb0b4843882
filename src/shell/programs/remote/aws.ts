// The AWS CLI: `aws [options] <service> <operation> [options]`. Operations are
// verb-noun words, so the verb says what they do: `delete-*`, `terminate-*`,
// `deregister-*`, … destroy; `describe-*`, `list-*`, `get-*` read. A service's
// category is the kind of thing it keeps (s3 → storage, route53 → dns); any
// service not named here is `cloud`. Global options may come anywhere.
import type { ProgramSpec } from "../spec.ts";
import type { Category } from "./categories.ts";
import { destroys, destroysWith, dryRunWith, group, names, printsCredential, printsCredentialWith, printsToken, reads, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const OPTIONS = {
  "--region": "value",
  "--profile": "value",
  "--output": "value",
  "--endpoint-url": "url",
  "--query": "value",
  "--ca-bundle": "read",
  "--cli-read-timeout": "value",
  "--cli-connect-timeout": "value",
  "--color": "value",
  "--cli-binary-format": "value",
  "--max-items": "value",
  "--page-size": "value",
  "--starting-token": "value",
  "--cli-input-json": "value",
  "--cli-input-yaml": "value",
} as const;

const DESTROYING = destroys(OPTIONS, { tagsWith: dryRunWith("--dry-run") });
const READING = reads(OPTIONS);

/**
 * Options that switch off what keeps data from being lost (issue 28, breadth round 5): deletion protection
 * (DynamoDB, Cognito, an instance's termination guard given as a value), a bucket's versioning suspended or its
 * MFA delete turned off, point-in-time recovery off, automated backups off (`--backup-retention-period 0`
 * deletes the existing ones), a load balancer's deletion protection off, a log group kept for a day.
 */
const PROTECTION_OFF = [
  "--no-deletion-protection-enabled",
  "--deletion-protection=inactive",
  "--disable-api-termination=*false*",
  "--versioning-configuration=*suspended*",
  "--versioning-configuration=*mfadelete*disabled*",
  "--point-in-time-recovery-specification=*false*",
  "--backup-retention-period=0",
  "--attributes=*deletion_protection.enabled*false*",
  "--retention-in-days=1",
];

/** Options the triggers above give a value to. */
const PROTECTION_VALUE_OPTIONS = Object.fromEntries(
  [
    "--deletion-protection",
    "--disable-api-termination",
    "--versioning-configuration",
    "--point-in-time-recovery-specification",
    "--backup-retention-period",
    "--attributes",
    "--retention-in-days",
  ].map((option) => [option, "value" as const]),
);

/**
 * Options that take a service, an auto-scaling group or a fleet down to no instances, or lift the protection that
 * keeps a database, an instance or a stack from being deleted (`rds modify-db-instance --no-deletion-protection`).
 */
const SCALED_TO_ZERO = [
  "--desired-count=0",
  "--desired-capacity=0",
  "--max-size=0",
  // A function throttled to no concurrent runs, an EKS node group scaled to no nodes.
  "--reserved-concurrent-executions=0",
  "--scaling-config=*desiredsize=0*",
  "--scaling-config=*maxsize=0*",
  // An access key switched off (`iam update-access-key --status Inactive`), a database's master password replaced.
  "--status=inactive",
  "--master-user-password=*",
  "--no-deletion-protection",
  "--no-disable-api-termination",
  "--no-enable-termination-protection",
  ...PROTECTION_OFF,
];

/** Canned ACLs that let anyone (or any AWS account) read or write. */
const PUBLIC_ACLS = ["--acl=public-read", "--acl=public-read-write", "--acl=authenticated-read"];

/** Operation names by their verb. */
const OPERATIONS: Record<string, ProgramSpec> = {
  ...names(["delete-*", "batch-delete-*", "terminate-*", "deregister-*", "remove-*", "purge-*", "release-*", "schedule-key-deletion", "unsubscribe"], DESTROYING),
  // Protections switched off and audit trails stopped (`kms disable-key`, `cloudtrail stop-logging`,
  // `securityhub disable-security-hub`), machines and databases stopped, an account taken out of its organisation.
  ...names(["disable-*", "stop-logging", "stop-configuration-recorder", "stop-instances", "stop-db-instance", "stop-db-cluster", "leave-organization"], DESTROYING),
  // App Runner's `pause-service`: the service answers nothing until resumed.
  "pause-service": DESTROYING,
  // A registered domain handed to another AWS account (`route53domains transfer-domain-to-another-aws-account`):
  // its DNS and its mail go with it.
  "transfer-domain-to-*": DESTROYING,
  // A user pool's users deleted, disabled or given a password someone else chose (`cognito-idp admin-*`).
  ...names(["admin-delete-*", "admin-disable-*", "admin-remove-*", "admin-set-user-password", "admin-reset-user-password", "admin-user-global-sign-out"], DESTROYING),
  // Access taken away (`iam detach-role-policy`, `ec2 revoke-security-group-ingress`), and a shell command sent to a
  // fleet of instances at once (`ssm send-command`).
  ...names(["detach-*", "revoke-*", "send-command"], DESTROYING),
  // A bucket's whole access policy replaced; an ACL that opens it to everyone.
  "put-bucket-policy": DESTROYING,
  ...names(["put-bucket-acl", "put-object-acl"], destroysWith(PUBLIC_ACLS, { ...OPTIONS, "--acl": "value" }, { tagsWith: dryRunWith("--dry-run") })),
  ...names(["describe-*", "list-*", "get-*", "head-*"], READING),
  // Any other operation that scales a service or group to nothing (`ecs update-service --desired-count 0`).
  "*": destroysWith(
    SCALED_TO_ZERO,
    {
      ...OPTIONS,
      "--desired-count": "value",
      "--desired-capacity": "value",
      "--max-size": "value",
      "--reserved-concurrent-executions": "value",
      "--scaling-config": "value",
      "--status": "value",
      "--master-user-password": "value",
      ...PROTECTION_VALUE_OPTIONS,
    },
    { tagsWith: dryRunWith("--dry-run") },
  ),
  // A stream's retention cut: records older than the new period are gone at once.
  "decrease-stream-retention-period": DESTROYING,
  // A trail told which events to record (it can be told to record none), and a function's running code
  // replaced in place: nothing keeps the code that ran before.
  ...names(["put-event-selectors", "put-insight-selectors", "update-function-code"], DESTROYING),
  // A disk snapshot, a machine image or a database snapshot shared with other accounts or with everyone:
  // whoever it is shared with copies the data out.
  ...names(
    ["modify-snapshot-attribute", "modify-image-attribute", "modify-db-snapshot-attribute", "modify-db-cluster-snapshot-attribute", "modify-fpga-image-attribute"],
    destroysWith(
      ["--operation-type=add", "--launch-permission=*Add*", "--launch-permission=*add*", "--create-volume-permission=*Add*", "--create-volume-permission=*add*", "--values-to-add"],
      { ...OPTIONS, "--operation-type": "value", "--launch-permission": "value", "--create-volume-permission": "value", "--values-to-add": "value" },
      { tagsWith: dryRunWith("--dry-run") },
    ),
  ),
  // An instance's user data, where start-up scripts keep the passwords and keys they need.
  "describe-instance-attribute": printsCredentialWith(["--attribute=userData"], { ...OPTIONS, "--attribute": "value" }),
};

const service = (category: Category): ProgramSpec => group(category, OPERATIONS, OPTIONS);

const S3 = group(
  "storage",
  {
    rm: destroys(OPTIONS, { tagsWith: dryRunWith("--dryrun") }),
    rb: destroys(OPTIONS),
    // A whole prefix moved: every source object is deleted once copied, wherever the copy lands.
    mv: destroysWith(["--recursive"], OPTIONS, { tagsWith: dryRunWith("--dryrun") }),
    sync: destroysWith(["--delete"], OPTIONS, { tagsWith: dryRunWith("--dryrun") }),
    ...readVerbs(["ls", "presign"], OPTIONS),
  },
  OPTIONS,
);

/** Services whose category is not `cloud`. */
const SERVICE_CATEGORIES: Partial<Record<Category, readonly string[]>> = {
  storage: ["s3api", "s3control", "glacier", "efs", "fsx", "storagegateway", "s3outposts"],
  secrets: ["secretsmanager", "ssm", "kms", "acm-pca"],
  messaging: ["sqs", "sns", "kinesis", "firehose", "kafka", "mq", "events", "pipes"],
  dns: ["route53", "route53domains", "route53resolver"],
  cdn: ["cloudfront"],
  email: ["ses", "sesv2", "pinpoint-email"],
  loadbalancer: ["elb", "elbv2", "globalaccelerator"],
  apigateway: ["apigateway", "apigatewayv2", "appsync"],
  search: ["opensearch", "es", "cloudsearch", "opensearchserverless", "kendra"],
  databases: ["rds", "dynamodb", "docdb", "neptune", "redshift", "elasticache", "memorydb", "keyspaces", "timestream-write", "dax", "docdb-elastic"],
  cicd: ["codebuild", "codepipeline", "codedeploy"],
  platform: ["codecommit", "codecatalyst"],
  monitoring: ["cloudwatch", "logs", "xray", "synthetics", "grafana", "amp"],
  backup: ["backup", "dlm"],
  infrastructure: ["cloudformation", "servicecatalog"],
};

const PRINTS = printsCredential(OPTIONS);
/** A token for an AWS service's own endpoint (a registry login, a cluster token). */
const TOKEN = printsToken(OPTIONS);

/** `configure get` of a secret key (also `default.` or `profile.NAME.` before it); any other setting is a plain operand. */
const CONFIGURE_GET: ProgramSpec = {
  options: OPTIONS,
  operands: ["value"],
  subcommands: names(
    ["aws_secret_access_key", "aws_session_token"].flatMap((key) => [key, `*.${key}`, `profile.*.${key}`]),
    PRINTS,
  ),
};

/** Operations that print a credential: passwords, tokens, temporary keys, a secret's or a decrypted parameter's value. */
const PRINTING_OPERATIONS: Record<string, Record<string, ProgramSpec>> = {
  configure: { get: CONFIGURE_GET, "export-credentials": PRINTS },
  ecr: names(["get-login-password", "get-login", "get-authorization-token"], TOKEN),
  "ecr-public": names(["get-login-password", "get-authorization-token"], TOKEN),
  sts: names(["get-session-token", "assume-role", "assume-role-with-web-identity", "assume-role-with-saml", "get-federation-token"], PRINTS),
  secretsmanager: names(["get-secret-value", "batch-get-secret-value"], PRINTS),
  ssm: names(["get-parameter", "get-parameters", "get-parameters-by-path", "get-parameter-history"], printsCredentialWith(["--with-decryption"], OPTIONS)),
  codeartifact: { "get-authorization-token": TOKEN },
  eks: { "get-token": TOKEN },
  rds: { "generate-db-auth-token": PRINTS },
  iam: { "create-access-key": PRINTS, "create-service-specific-credential": PRINTS },
  // A new key pair's private key, an instance's SSH key and certificate.
  ec2: { "create-key-pair": PRINTS },
  lightsail: names(["get-instance-access-details", "download-default-key-pair", "create-key-pair"], PRINTS),
  sso: { "get-role-credentials": PRINTS },
  "cognito-identity": { "get-credentials-for-identity": PRINTS },
};

const SERVICES: Record<string, ProgramSpec> = { s3: S3 };
for (const [category, services] of Object.entries(SERVICE_CATEGORIES)) {
  for (const name of services) SERVICES[name] = service(category as Category);
}
for (const [name, printing] of Object.entries(PRINTING_OPERATIONS)) {
  const category = (Object.entries(SERVICE_CATEGORIES).find(([, services]) => services.includes(name))?.[0] ?? "cloud") as Category;
  SERVICES[name] = group(category, { ...OPERATIONS, ...printing }, OPTIONS);
}

export const AWS: RemoteCli = {
  id: "aws",
  names: ["aws"],
  about: "AWS CLI",
  // AWS_PAGER (else PAGER) is the command it pipes output through.
  spec: { options: OPTIONS, operands: ["read"], helpWord: "last", subcommands: { ...SERVICES, "*": service("cloud") }, env: { AWS_PAGER: "shell", PAGER: "shell" } },
  // A change batch given inline says whether it deletes or overwrites records (UPSERT replaces a live record:
  // traffic moves at once); one read from a file says nothing on the line, so it asks too.
  alsoAsksWhen: [
    { category: "dns", subcommand: "route53 change-resource-record-sets", args: ["*DELETE*|*UPSERT*|file://**|fileb://**"] },
    // The bucket's public-access block set to false: its policies and ACLs may make it public.
    { category: "storage", subcommand: "s3api put-public-access-block", args: ["*=false*|*=False*"] },
    // Deletion on a timer (issue 28, breadth round 5): a lifecycle rule that expires objects, a TTL switched on (every
    // item whose time attribute is already past goes at once). Rules read from a file say nothing on the line: they ask.
    { category: "storage", subcommand: "s3api put-bucket-lifecycle-configuration|s3api put-bucket-lifecycle", args: ["**/*Expiration*/**|file://**|fileb://**"] },
    { category: "databases", subcommand: "dynamodb update-time-to-live", args: ['*[Ee]nabled=true*|**/*"Enabled"*true*/**'] },
  ],
  examples: {
    cloud: {
      asks: [
        "aws ec2 terminate-instances --instance-ids i-0abc123",
        "aws --region eu-west-1 lambda delete-function --function-name api",
        "aws ecs update-service --cluster prod --service api --desired-count 0",
        "aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --min-size 0 --max-size 0",
        "aws cloudtrail stop-logging --name org-trail",
        "aws organizations leave-organization",
        "aws ec2 stop-instances --instance-ids i-0abc123",
        "aws ec2 modify-instance-attribute --instance-id i-0abc123 --no-disable-api-termination",
        "aws iam detach-role-policy --role-name api --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess",
        "aws lambda put-function-concurrency --function-name api --reserved-concurrent-executions 0",
        "aws eks update-nodegroup-config --cluster-name main --nodegroup-name ng-1 --scaling-config minSize=0,maxSize=0,desiredSize=0",
        "aws apprunner pause-service --service-arn arn:aws:apprunner:eu-west-1:123456789012:service/api/abc",
        "aws ec2 modify-snapshot-attribute --snapshot-id snap-0abc --attribute createVolumePermission --operation-type add --user-ids 444455556666",
        'aws ec2 modify-image-attribute --image-id ami-0abc --launch-permission "Add=[{Group=all}]"',
        "aws cloudtrail put-event-selectors --trail-name org-trail --event-selectors file://none.json",
        "aws lambda update-function-code --function-name checkout --zip-file fileb://build.zip",
      ],
      passes: [
        "aws ec2 describe-instances --filters Name=tag:env,Values=dev",
        "aws ec2 describe-snapshot-attribute --snapshot-id snap-0abc --attribute createVolumePermission",
        "aws ec2 describe-instance-attribute --instance-id i-0abc --attribute instanceType",
        "aws ec2 modify-snapshot-attribute --snapshot-id snap-0abc --attribute createVolumePermission --operation-type remove --user-ids 444455556666",
        "aws ec2 terminate-instances --instance-ids i-0abc123 --dry-run",
        "aws ecs update-service --cluster prod --service api --desired-count 3",
        "aws lambda put-function-concurrency --function-name api --reserved-concurrent-executions 50",
        "aws eks update-nodegroup-config --cluster-name main --nodegroup-name ng-1 --scaling-config minSize=1,maxSize=10,desiredSize=3",
      ],
    },
    storage: {
      asks: [
        'aws s3api put-bucket-lifecycle-configuration --bucket acme-data --lifecycle-configuration \'{"Rules":[{"ID":"x","Status":"Enabled","Filter":{},"Expiration":{"Days":1}}]}\'',
        "aws s3api put-bucket-versioning --bucket acme-data --versioning-configuration Status=Suspended",
        "aws s3api put-bucket-lifecycle-configuration --bucket acme-data --lifecycle-configuration file://lifecycle.json",
        "aws s3 rm s3://assets/uploads --recursive",
        "aws s3 sync ./site s3://www --delete",
        "aws s3 mv s3://acme-assets s3://acme-tmp --recursive",
        "aws s3api delete-bucket --bucket old-logs",
        "aws s3api put-bucket-policy --bucket media --policy file://policy.json",
        "aws s3api put-object-acl --bucket media --key report.pdf --acl public-read",
        "aws s3api put-public-access-block --bucket media --public-access-block-configuration BlockPublicPolicy=false,RestrictPublicBuckets=false",
      ],
      passes: [
        'aws s3api put-bucket-lifecycle-configuration --bucket acme-logs --lifecycle-configuration \'{"Rules":[{"ID":"cold","Status":"Enabled","Filter":{},"Transitions":[{"Days":30,"StorageClass":"GLACIER"}]}]}\'',
        "aws s3api put-bucket-versioning --bucket acme-data --versioning-configuration Status=Enabled",
        "aws s3 ls s3://assets",
        "aws s3 cp dist/app.js s3://assets/app.js",
        "aws s3 mv s3://assets/tmp/report.csv s3://assets/archive/report.csv",
        "aws s3 rm s3://assets/tmp --recursive --dryrun",
        "aws s3api get-bucket-policy --bucket assets",
        "aws s3api put-bucket-acl --bucket logs --acl private",
      ],
    },
    secrets: {
      asks: [
        "aws secretsmanager delete-secret --secret-id prod/db",
        "aws kms schedule-key-deletion --key-id 1234abcd",
        "aws kms disable-key --key-id 1234abcd",
        // Systems Manager is filed under secrets (its parameter store); its send-command runs a shell on many hosts.
        "aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:role,Values=web --parameters commands=reboot",
      ],
      passes: ["aws secretsmanager describe-secret --secret-id prod/db"],
    },
    messaging: { asks: ["aws sqs purge-queue --queue-url https://sqs.us-east-1.amazonaws.com/1/jobs"], passes: ["aws sqs list-queues"] },
    dns: {
      asks: [
        "aws route53 delete-hosted-zone --id Z123",
        'aws route53 change-resource-record-sets --hosted-zone-id Z123 --change-batch \'{"Changes":[{"Action":"DELETE"}]}\'',
        'aws route53 change-resource-record-sets --hosted-zone-id Z9 --change-batch \'{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"api.example.com"}}]}\'',
        "aws route53 change-resource-record-sets --hosted-zone-id Z9 --change-batch file://changes/apex.json",
        "aws route53domains transfer-domain-to-another-aws-account --domain-name shop.example --account-id 123456789012 --region us-east-1",
      ],
      passes: ["aws route53 list-hosted-zones", 'aws route53 change-resource-record-sets --hosted-zone-id Z123 --change-batch \'{"Changes":[{"Action":"CREATE"}]}\''],
    },
    cdn: { asks: ["aws cloudfront delete-distribution --id E123 --if-match ETAG"], passes: ["aws cloudfront list-distributions"] },
    email: { asks: ["aws sesv2 delete-email-identity --email-identity example.com"], passes: ["aws ses get-send-quota"] },
    loadbalancer: {
      asks: [
        "aws elbv2 modify-load-balancer-attributes --load-balancer-arn arn:aws:elasticloadbalancing:x --attributes Key=deletion_protection.enabled,Value=false",
        "aws elbv2 delete-load-balancer --load-balancer-arn arn:aws:elasticloadbalancing:x",
        "aws elbv2 deregister-targets --target-group-arn arn:x --targets Id=i-1",
      ],
      passes: ["aws elbv2 describe-target-health --target-group-arn arn:x"],
    },
    apigateway: { asks: ["aws apigateway delete-rest-api --rest-api-id a1b2"], passes: ["aws apigateway get-rest-apis"] },
    search: { asks: ["aws opensearch delete-domain --domain-name logs"], passes: ["aws opensearch list-domain-names"] },
    databases: {
      asks: [
        "aws dynamodb update-time-to-live --table-name sessions --time-to-live-specification Enabled=true,AttributeName=createdAt",
        "aws dynamodb update-table --table-name orders --no-deletion-protection-enabled",
        "aws rds modify-db-instance --db-instance-identifier app --backup-retention-period 0 --apply-immediately",
        "aws rds delete-db-instance --db-instance-identifier prod",
        "aws dynamodb delete-table --table-name users",
        "aws rds modify-db-cluster --db-cluster-identifier main --no-deletion-protection",
      ],
      passes: [
        "aws dynamodb describe-time-to-live --table-name sessions",
        "aws rds modify-db-instance --db-instance-identifier app --backup-retention-period 7",
        "aws rds describe-db-instances",
        "aws rds modify-db-instance --db-instance-identifier main --deletion-protection",
      ],
    },
    cicd: { asks: ["aws codebuild delete-project --name api"], passes: ["aws codebuild list-projects"] },
    platform: { asks: ["aws codecommit delete-repository --repository-name app"], passes: ["aws codecommit get-repository --repository-name app"] },
    monitoring: {
      asks: ["aws logs put-retention-policy --log-group-name /app/audit --retention-in-days 1", "aws logs delete-log-group --log-group-name /aws/lambda/api"],
      passes: ["aws logs put-retention-policy --log-group-name /app/audit --retention-in-days 365", "aws logs tail /aws/lambda/api --follow"],
    },
    backup: { asks: ["aws backup delete-recovery-point --backup-vault-name v --recovery-point-arn arn:x"], passes: ["aws backup list-backup-vaults"] },
    infrastructure: { asks: ["aws cloudformation delete-stack --stack-name prod-api"], passes: ["aws cloudformation describe-stacks --stack-name prod-api"] },
  },
};
