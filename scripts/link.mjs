// Links dist/ into a Foundry data folder as Data/systems/wuxia-harmonies, for development.
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run link -- <FoundryDataPath>   (the folder that holds Data/, or Data/ itself)");
  process.exit(1);
}
const root = resolve(target);
if (!existsSync(root)) {
  console.error(`${root} does not exist.`);
  process.exit(1);
}
const data = basename(root) === "Data" ? root : join(root, "Data");
const systems = join(data, "systems");
mkdirSync(systems, { recursive: true });
const link = join(systems, "wuxia-harmonies");
if (existsSync(link) || isLink(link)) {
  if (!lstatSync(link).isSymbolicLink()) {
    console.error(`${link} exists and is not a link; move it away first.`);
    process.exit(1);
  }
  rmSync(link);
}
symlinkSync(resolve("dist"), link, process.platform === "win32" ? "junction" : "dir");
console.log(`${link} -> ${resolve("dist")}`);

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
