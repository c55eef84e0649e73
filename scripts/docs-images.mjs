// Copies the pictures the guides name from the preview's last run (test/preview/out, light theme)
// into docs/images/<lang>/, and records what each shows in docs/images/pictures.json: the preview
// test compares that record with what it draws, so a guide's picture cannot fall behind the system.
// Run after `npm run test:preview` (`npm run docs:images` does both).
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { guidePictures, pictureRecord, previewFiles } from "./guide-pictures.mjs";

const pictures = guidePictures();
const record = {};
const missing = [];
for (const { lang, name } of pictures) {
  const { png, html, tab } = previewFiles(resolve("test/preview/out"), lang, name);
  if (!html || !existsSync(png)) {
    missing.push(`${lang}/${name}`);
    continue;
  }
  mkdirSync(resolve("docs/images", lang), { recursive: true });
  copyFileSync(png, resolve("docs/images", lang, `${name}.png`));
  record[`${lang}/${name}`] = pictureRecord(html, tab);
}
if (missing.length) {
  console.error(`The preview drew no page for: ${missing.join(", ")}. Run npm run test:preview first.`);
  process.exit(1);
}
const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(resolve("docs/images/pictures.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${pictures.length} pictures copied into docs/images.`);
