// builtin:publish under the default policy: publishing, unpublishing and
// making a repository public are asked about; dry runs and builds pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";

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
    ["npm publish --dry-run=false", "publish-dry-run-false"],
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
