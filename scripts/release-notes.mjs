// A release's text: the section of CHANGELOG.md for one version, without the other versions'.
// `node scripts/release-notes.mjs 0.2.0` (or `v0.2.0`, the tag) prints it; the release workflow
// writes it to a file and publishes it as the release's body. A version with no section, or an
// empty one, is refused: a release is not published without its list of changes.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** "v0.2.0" → "0.2.0": the tag or the version. */
function versionOf(given) {
  if (typeof given !== "string" || given.trim() === "") throw new Error("Give the version to release, e.g. 0.2.0");
  return given.trim().replace(/^v(?=\d)/, "");
}

/**
 * The body of the changelog's `## [<version>]` section (a date may follow the heading), up to the
 * next `## ` heading or the link definitions at the end, blank lines around it trimmed.
 */
export function releaseNotes(changelog, given) {
  const version = versionOf(given);
  const lines = changelog.split(/\r?\n/);
  const heading = new RegExp(`^## \\[${version.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\](?:\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) throw new Error(`CHANGELOG.md has no section for version ${version} (a heading "## [${version}]")`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^## /.test(line) || /^\[[^\]]+\]:\s/.test(line));
  const body = (end < 0 ? rest : rest.slice(0, end)).join("\n").trim();
  if (body === "") throw new Error(`CHANGELOG.md's section for version ${version} is empty`);
  return `${body}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const path = process.argv[3] ?? "CHANGELOG.md";
    process.stdout.write(releaseNotes(readFileSync(path, "utf8"), process.argv[2]));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
