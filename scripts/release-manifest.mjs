// The release's system.json: the source manifest with its version, and the project page, the
// manifest and the download URLs derived from package.json's `repository` and `version` — the
// one place they come from. The source system.json names none, so a build that is not a release
// promises no URL.

/** The repository's web address from package.json's `repository` (a string or `{ url }`). */
export function repositoryUrl(pkg) {
  const given = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (typeof given !== "string" || given === "") throw new Error("package.json has no repository URL");
  const url = given
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/^github:/, "https://github.com/");
  if (!/^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(url)) {
    throw new Error(`package.json's repository is not a GitHub repository: ${given}`);
  }
  return url;
}

/** The manifest a release ships: GitHub's "latest" manifest, and this version's zip. */
export function releaseManifest(manifest, pkg, zipName) {
  if (manifest.version !== pkg.version) {
    throw new Error(`system.json is at ${manifest.version}, package.json at ${pkg.version}: make them equal`);
  }
  const url = repositoryUrl(pkg);
  return {
    ...manifest,
    url,
    manifest: `${url}/releases/latest/download/system.json`,
    download: `${url}/releases/download/v${pkg.version}/${zipName}`,
  };
}
