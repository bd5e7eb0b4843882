// builtin:publish under the default policy: publishing, unpublishing and
// making a repository public are asked about; dry runs and builds pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describe("asked about", () => {
  test.each([
    ["npm publish --access public", "publish-package"],
    ["pnpm -r publish", "publish-package"],
    ["yarn publish --new-version 1.2.0", "publish-package"],
    ["bun publish", "publish-package"],
    ["npx lerna publish from-package --yes", "publish-package"],
    ["npx changeset publish", "publish-package"],
    ["npx vsce publish -p $VSCE_PAT", "publish-package"],
    ["hatch publish", "publish-package"],
    ["uv publish --token $PYPI_TOKEN", "publish-package"],
    ["gem push mygem-1.0.0.gem", "publish-package"],
    ["podman push localhost/web:1.0 docker://quay.io/acme/web:1.0", "publish-artifact"],
    ["docker buildx build --platform linux/amd64 --push -t acme/api .", "publish-artifact"],
    ["mvn deploy -P release", "publish-artifact"],
    ["gradle publishAllPublicationsToSonatypeRepository", "publish-artifact"],
    ["dart pub publish --force", "publish-package"],
    ["gh release create v1.0.0 --generate-notes", "publish-artifact"],
    // A dry run switched off is no dry run: the publish itself is asked about.
    ["npm publish --dry-run=false", "publish-package"],
    ["npm deprecate left-pad@1.0.0 'do not use'", "publish-unpublish"],
    ["cargo yank --version 1.0.1", "publish-unpublish"],
    ["gem yank mygem -v 1.0.0", "publish-unpublish"],
    ["gh repo create acme/tool --public", "publish-repository-public"],
    ["gh api -X PATCH repos/acme/tool -f private=false", "publish-repository-public"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });
});

describe("passes", () => {
  test.each([
    "npm publish --dry-run",
    "bun publish --dry-run",
    "cargo publish --dry-run --allow-dirty",
    "poetry publish --dry-run",
    "cargo yank --version 1.0.1 --undo",
    "twine check dist/*",
    "npm pack --pack-destination dist",
    "docker build -t api . && docker run --rm api",
    "gh repo view --json visibility",
    "gh repo create acme/scratch --private",
    "gradle publishToMavenLocal",
    "yarn build && yarn test",
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("round 2: registry settings, more registries, public gists and storage", () => {
  test.each([
    ["npm dist-tag add my-lib@2.0.0 latest", "publish-registry-settings"],
    ["npm dist-tag rm my-lib beta", "publish-registry-settings"],
    ["yarn tag add my-lib@1.4.0 stable", "publish-registry-settings"],
    ["yarn npm tag add my-lib@1.4.0 latest", "publish-registry-settings"],
    ["npm owner add mallory my-lib", "publish-registry-settings"],
    ["npm owner rm alice my-lib", "publish-registry-settings"],
    ["npm access public @acme/internal", "publish-registry-settings"],
    ["npm access set status=public @acme/internal", "publish-registry-settings"],
    ["npm access grant read-write acme:devs @acme/internal", "publish-registry-settings"],
    ["npm access set mfa=none my-lib", "publish-registry-settings"],
    ["npx jsr publish", "publish-package"],
    ["bunx jsr publish --allow-dirty", "publish-package"],
    ["deno publish", "publish-artifact"],
    ["gh release edit v2.0.0 --draft=false", "publish-artifact"],
    ["crane push image.tar ghcr.io/acme/app:1.0", "publish-artifact"],
    ["skopeo copy oci:build/app docker://quay.io/acme/app:latest", "publish-artifact"],
    ["oras push ghcr.io/acme/artifact:1 ./bundle.tgz", "publish-artifact"],
    ["gh gist create --public notes.txt", "publish-repository-public"],
    ["gh gist create -p -d 'debug' dump.log", "publish-repository-public"],
    ["aws s3 cp ./site s3://bucket --acl public-read --recursive", "publish-public-storage"],
    ["aws --profile prod s3 sync build/ s3://cdn-bucket/ --acl=public-read", "publish-public-storage"],
    ["aws s3api put-bucket-acl --bucket media --acl public-read-write", "publish-public-storage"],
    ["aws s3api put-object-acl --bucket b --key k --grant-read uri=http://acs.amazonaws.com/groups/global/AllUsers", "publish-public-storage"],
    [
      "aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=false,BlockPublicPolicy=false,RestrictPublicBuckets=false",
      "publish-public-storage",
    ],
    ["aws s3api delete-public-access-block --bucket b", "publish-public-storage"],
    ["gsutil iam ch allUsers:objectViewer gs://bucket", "publish-public-storage"],
    ["gsutil -m acl ch -r -u AllUsers:R gs://bucket/exports", "publish-public-storage"],
    ["gsutil defacl set public-read gs://bucket", "publish-public-storage"],
    ["gcloud storage buckets add-iam-policy-binding gs://b --member=allUsers --role=roles/storage.objectViewer", "publish-public-storage"],
    ["gcloud storage cp report.pdf gs://b/ --predefined-acl=publicRead", "publish-public-storage"],
    ["gcloud storage buckets update gs://b --no-public-access-prevention", "publish-public-storage"],
    ["az storage container set-permission --name assets --public-access blob --account-name acct", "publish-public-storage"],
    ["az storage account update -n acct -g rg --allow-blob-public-access true", "publish-public-storage"],
    ["gcloud storage objects update gs://b/report.pdf --add-acl-grant=entity=AllUsers,role=READER", "publish-public-storage"],
    ["mc anonymous set download myminio/exports", "publish-public-storage"],
    ["mc policy set public local/uploads", "publish-public-storage"],
    ["b2 bucket update backups allPublic", "publish-public-storage"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "npm dist-tag ls my-lib",
    "npm owner ls my-lib",
    "npm access get status my-lib",
    "npm access set status=private @acme/internal",
    "jsr publish --dry-run",
    "deno publish --dry-run",
    "gh gist create notes.md",
    "gh gist list",
    "gh release edit v2.0.0 --notes-file CHANGELOG.md",
    "aws s3 cp dist/ s3://private-bucket/ --recursive --acl bucket-owner-full-control",
    "aws s3api get-bucket-acl --bucket media",
    "aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
    "gsutil iam ch -d allUsers gs://bucket",
    "gsutil cp public-read.txt gs://bucket/",
    "gcloud storage cp report.pdf gs://b/",
    "az storage container set-permission --name assets --public-access off",
    "crane ls ghcr.io/acme/app",
    "mc anonymous get myminio/exports",
    "b2 bucket update backups allPrivate",
    "aws s3 presign s3://reports/q3.pdf --expires-in 3600",
    "skopeo inspect docker://quay.io/acme/app:latest",
  ])("passes: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

// Release tools that publish as one step: cargo-release only with --execute,
// Bundler's rake release, maturin publish/upload.
describe("release tools", () => {
  test.each([
    "cargo release --execute",
    "cargo release minor --execute --no-confirm",
    "cargo release -p core patch -x",
    "cargo smart-release --execute --update-crates-index parser",
    "cargo ws publish --from-git --yes",
    "bundle exec rake release",
    "rake 'release[origin]'",
    "bin/rake release:rubygem_push",
    "maturin publish --skip-existing",
    "maturin upload --repository pypi target/wheels/*",
    "sh -c 'cd crates/cli && cargo release --execute'",
  ])("%s asks", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "publish-artifact" });
  });

  test.each(["cargo release patch", "cargo release changes", "bundle exec rake build", "rake release_notes:draft", "maturin build --release --strip", "maturin develop"])(
    "%s passes",
    (input) => {
      expect(decide(input).decision).toBe("continue");
    },
  );
});

// Issue 28, class 8: production deploys by hosting CLIs and release APIs.
describe("deploys to production", () => {
  test.each([
    "vc --prod",
    "vercel deploy --target production",
    "vercel promote https://app-abc123.vercel.app",
    "ntl deploy -p --dir build",
    "wrangler publish",
    "wrangler pages deploy ./out --project-name site",
    "firebase deploy --only functions",
    "git push heroku HEAD:master",
    "heroku pipelines:promote -a shop-staging",
    "fly deploy --app shop-prod",
    "eb deploy shop-production",
    "serverless deploy --stage prod",
    "sam deploy --config-env prod",
    "kubectl set image deploy/api api=ghcr.io/acme/api:1.4 -n production",
    "gh workflow run deploy.yml -f environment=production",
    "gh api repos/acme/shop/deployments -f ref=v1.4 -f environment=production",
  ])("%s asks", (input) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule: "publish-production-deploy" });
  });

  test.each([
    "vercel",
    "vercel deploy --prebuilt",
    "netlify deploy --dir=build --alias pr-12",
    "wrangler dev",
    "wrangler versions upload",
    "firebase emulators:start --only functions",
    "firebase hosting:channel:deploy feature-x",
    "git push origin main",
    "fly deploy --app shop-staging",
    "serverless deploy --stage dev",
    "kubectl set image deploy/api api=ghcr.io/acme/api:1.4 -n staging",
    "helm upgrade --install api ./chart -n prod --dry-run",
    "kubectl get pods -n production",
  ])("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});
