import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { releaseManifest, repositoryUrl } from "../../scripts/release-manifest.mjs";

/** The release: one version, URLs from one place, and a workflow that tests before it publishes. */

const read = (path: string) => readFileSync(resolve(path), "utf8");
const pkg = JSON.parse(read("package.json")) as { version: string; repository: { url: string } };
const manifest = JSON.parse(read("system.json")) as Record<string, unknown> & { version: string };

describe("the version and the URLs", () => {
  it("are one version in package.json and system.json", () => {
    expect(manifest.version).toBe(pkg.version);
  });

  it("leave the source system.json without URLs: only a release names them", () => {
    expect(Object.keys(manifest)).not.toEqual(expect.arrayContaining(["url"]));
    for (const key of ["url", "manifest", "download"]) expect(manifest[key], key).toBeUndefined();
  });

  it("are derived from package.json's repository and version for a release", () => {
    expect(releaseManifest(manifest, pkg, "wuxia-harmonies.zip")).toMatchObject({
      version: pkg.version,
      url: "https://github.com/wuxia-harmonies/wuxia-harmonies",
      manifest: "https://github.com/wuxia-harmonies/wuxia-harmonies/releases/latest/download/system.json",
      download: `https://github.com/wuxia-harmonies/wuxia-harmonies/releases/download/v${pkg.version}/wuxia-harmonies.zip`,
    });
  });

  it("read the repository in the forms npm allows", () => {
    expect(repositoryUrl({ repository: "github:someone/system" })).toBe("https://github.com/someone/system");
    expect(repositoryUrl({ repository: { url: "git+https://github.com/someone/system.git" } })).toBe(
      "https://github.com/someone/system",
    );
  });

  it("refuse a release whose versions differ, or without a GitHub repository", () => {
    expect(() => releaseManifest({ version: "0.2.0" }, pkg, "x.zip")).toThrow(
      `system.json is at 0.2.0, package.json at ${pkg.version}: make them equal`,
    );
    expect(() => repositoryUrl({})).toThrow("package.json has no repository URL");
    expect(() => repositoryUrl({ repository: "https://gitlab.com/someone/system" })).toThrow(
      "package.json's repository is not a GitHub repository: https://gitlab.com/someone/system",
    );
  });
});

describe("the release workflow", () => {
  const workflow = read(".github/workflows/release.yml");

  it("runs on a version tag, and tests before it packages and publishes", () => {
    expect(workflow).toMatch(/on:\s+push:\s+tags:\s+- "v\*"/);
    const steps = ["npm ci", "npm test", "npm run package", "dist/system.json", "dist/wuxia-harmonies.zip"];
    const at = steps.map((step) => workflow.indexOf(step));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("refuses a tag that is not the version", () => {
    expect(workflow).toContain('test "${GITHUB_REF_NAME}" = "v$(node -p "require(\'./package.json\').version")"');
  });
});

describe("the changelog", () => {
  it("keeps a changelog with an entry for this version", () => {
    const changelog = read("CHANGELOG.md");
    expect(changelog).toContain("keepachangelog.com");
    expect(changelog).toMatch(new RegExp(`^## \\[${pkg.version.replaceAll(".", "\\.")}\\]`, "m"));
  });
});
