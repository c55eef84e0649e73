import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { releaseNotes } from "../../scripts/release-notes.mjs";

/** A release's text: its version's section of the changelog, and nothing of the other versions. */

const CHANGELOG = `# Changelog

Every change a user notices, newest first.

## [Unreleased]

### Changed

- Something not released yet.

## [0.2.0] - 2027-01-15

### Added

- A thing of 0.2.0.

### Fixed

- A fix of 0.2.0.

## [0.1.10]

- A thing of 0.1.10.

## [0.1.0]

The first version.

### Added

- A thing of 0.1.0.

[0.2.0]: https://github.com/someone/system/releases/tag/v0.2.0
`;

describe("releaseNotes", () => {
  it("gives the body of the version's section, a dated heading included", () => {
    expect(releaseNotes(CHANGELOG, "0.2.0")).toBe(
      "### Added\n\n- A thing of 0.2.0.\n\n### Fixed\n\n- A fix of 0.2.0.\n",
    );
  });

  it("holds nothing of the other sections, nor the heading, preamble or link definitions", () => {
    const notes = releaseNotes(CHANGELOG, "0.1.0");
    expect(notes).toBe("The first version.\n\n### Added\n\n- A thing of 0.1.0.\n");
    for (const other of ["Unreleased", "0.2.0", "0.1.10", "not released", "Every change", "## ["]) {
      expect(notes).not.toContain(other);
    }
  });

  it("takes the tag as well as the version, and tells 0.1.0 from 0.1.10", () => {
    expect(releaseNotes(CHANGELOG, "v0.1.10")).toBe("- A thing of 0.1.10.\n");
    expect(releaseNotes(CHANGELOG, "v0.1.0")).toBe(releaseNotes(CHANGELOG, "0.1.0"));
  });

  it("refuses a version with no section, an empty section, or no version", () => {
    expect(() => releaseNotes(CHANGELOG, "0.3.0")).toThrow(
      'CHANGELOG.md has no section for version 0.3.0 (a heading "## [0.3.0]")',
    );
    expect(() => releaseNotes(CHANGELOG, "0.1")).toThrow("no section for version 0.1 ");
    expect(() => releaseNotes("## [1.0.0]\n\n## [0.9.0]\n\n- x\n", "1.0.0")).toThrow(
      "CHANGELOG.md's section for version 1.0.0 is empty",
    );
    expect(() => releaseNotes(CHANGELOG, "")).toThrow("Give the version to release");
  });
});

describe("node scripts/release-notes.mjs", () => {
  const pkg = JSON.parse(readFileSync(resolve("package.json"), "utf8")) as { version: string };
  const changelog = readFileSync(resolve("CHANGELOG.md"), "utf8");

  it("prints this version's section of CHANGELOG.md for its tag", () => {
    const printed = execFileSync(process.execPath, ["scripts/release-notes.mjs", `v${pkg.version}`], {
      encoding: "utf8",
    });
    expect(printed).toBe(releaseNotes(changelog, pkg.version));
    expect(printed).not.toContain("[Unreleased]");
  });

  it("fails with a message, and prints nothing, for a version the changelog does not have", () => {
    const run = spawnSync(process.execPath, ["scripts/release-notes.mjs", "v99.0.0"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("CHANGELOG.md has no section for version 99.0.0");
  });
});

describe("the release workflow's text", () => {
  const workflow = readFileSync(resolve(".github/workflows/release.yml"), "utf8");

  it("is the tag's section of the changelog, written before the build, not the whole changelog", () => {
    const step = 'node scripts/release-notes.mjs "${GITHUB_REF_NAME}" > release-notes.md';
    expect(workflow).toContain(step);
    expect(workflow).toContain("body_path: release-notes.md");
    expect(workflow).not.toContain("body_path: CHANGELOG.md");
    expect(workflow.indexOf(step)).toBeLessThan(workflow.indexOf("npm ci"));
  });
});
