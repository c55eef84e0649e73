// Writes the release: dist/system.json with the URLs derived from package.json (see
// release-manifest.mjs), then dist/wuxia-harmonies.zip, the file the release offers as its download.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { zipSync } from "fflate";
import { releaseManifest } from "./release-manifest.mjs";

const DIST = "dist";
const ZIP = "wuxia-harmonies.zip";

function collect(dir, files) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, files);
    else if (relative(DIST, path) !== ZIP) files[relative(DIST, path).split(sep).join("/")] = readFileSync(path);
  }
  return files;
}

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(DIST, "system.json"), "utf8"));
} catch {
  console.error(`${DIST}/system.json is missing: run "npm run build" first.`);
  process.exit(1);
}
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
writeFileSync(join(DIST, "system.json"), `${JSON.stringify(releaseManifest(manifest, pkg, ZIP), null, 2)}\n`);

let files;
try {
  files = collect(DIST, {});
} catch {
  console.error(`No ${DIST}/ folder: run "npm run build" first.`);
  process.exit(1);
}
const zip = zipSync(files, { level: 9 });
writeFileSync(join(DIST, ZIP), zip);
console.log(`${DIST}/${ZIP}: ${Object.keys(files).length} files, ${(zip.length / 1024).toFixed(1)} KiB`);
