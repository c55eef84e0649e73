// Checks the language files against each other and against the code and templates:
// a key in one file only, a key used but missing, an English value left in fr.json, or a text that
// cites the repository's rules document ("RULES 3.2") to a reader, writes a plural as "(s)", or puts
// a number before a plural noun with no singular form.
// Run with `npm run i18n:check`; the test suite calls `checkI18n` too.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

/** Values that are the same word in both languages, so not an English leftover. */
export const SAME_IN_BOTH = new Set([
  "Wuxia",
  "Harmonies",
  "Wuxia & Harmonies",
  "Chi",
  "Hobby",
  "Hobbies",
  "Message",
  "Initiative",
  "Expérience",
  "Stress",
  "Normal",
  "Total",
  "Description",
  "Notes",
  "Concept",
  "Type",
  "Actions",
  "Actions {count}",
  "Attribute",
  "Sorcier",
  "Intuition",
  "Intelligence",
  "Rat",
  "Dragon",
  "Assassin",
  "Race",
  "Talent",
  "Talents",
  "Talent {n}",
  "Hobby {n}",
  "Métier",
  "Combat",
  "Professions",
  "Traits",
  "Score",
  "+{count} action",
  "+{count} actions",
]);

export function flattenKeys(obj, prefix = "") {
  return Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? flattenKeys(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
}

function walk(dir, exts, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, exts, out);
    else if (exts.some((e) => name.endsWith(e)) && !name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

/** Every literal `WH.…` key in the system's source and templates, with where it is used. */
export function usedKeys(root = ".") {
  const used = new Map();
  const files = [...walk(join(root, "src"), [".ts"]), ...walk(join(root, "templates"), [".hbs"])];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/["'`](WH\.[A-Za-z0-9_.-]+)["'`]/g)) {
      const key = match[1];
      // A key ending with "." is a prefix completed at run time, checked by the code that owns it.
      if (key.endsWith(".")) continue;
      if (!used.has(key)) used.set(key, relative(root, file));
    }
  }
  return used;
}

export function checkI18n(root = ".") {
  const en = new Map(flattenKeys(JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8"))));
  const fr = new Map(flattenKeys(JSON.parse(readFileSync(join(root, "lang/fr.json"), "utf8"))));
  const problems = [];
  for (const key of en.keys()) if (!fr.has(key)) problems.push(`only in en.json: ${key}`);
  for (const key of fr.keys()) if (!en.has(key)) problems.push(`only in fr.json: ${key}`);
  for (const [key, file] of usedKeys(root)) {
    const inEn = en.has(key);
    const inFr = fr.has(key);
    // A key that names a group of keys (e.g. passed to a field's LOCALIZATION_PREFIXES) is fine.
    const isGroup = [...en.keys()].some((k) => k.startsWith(`${key}.`));
    if ((!inEn || !inFr) && !isGroup)
      problems.push(
        `used in ${file} but missing from ${[!inEn && "en.json", !inFr && "fr.json"].filter(Boolean).join(" and ")}: ${key}`,
      );
  }
  // Handlebars' `localize` knows no plural: a counted text is chosen by the code (`t` with a count).
  for (const file of walk(join(root, "templates"), [".hbs"]))
    for (const match of readFileSync(file, "utf8").matchAll(/["'](WH\.[A-Za-z0-9_.-]+)["']/g))
      if (en.has(`${match[1]}.other`))
        problems.push(`${relative(root, file)} localizes the plural ${match[1]}, which only the code can count`);
  // A player reads these: the repository's rules document and the settings' scope mean nothing to
  // them, and a count takes its plural form (a `one`/`other` pair), not "relance(s)".
  for (const [lang, values] of [
    ["en", en],
    ["fr", fr],
  ])
    for (const [key, value] of values)
      if (typeof value === "string" && /\bRULES \d|\((world setting|réglage du monde)\)|\w\((s|x|es)\)/.test(value))
        problems.push(`${lang}.json shows a repository reference or a "(s)" plural to a reader in ${key}: "${value}"`);
  // A number before a counted noun must agree with it: such a text is a `one`/`other` pair, or
  // takes the noun already counted ("{successes}" filled from WH.Count.Successes). Only a limit
  // ({max}), never 1, may stand before a plural alone.
  const COUNTED =
    /\{(?!max\})\w+\} (?:successes|dice|members|tokens|points|actions|cancelled|réussites|dés|membres|jetons|points|annulées)\b/;
  for (const [lang, values] of [
    ["en", en],
    ["fr", fr],
  ])
    for (const [key, value] of values)
      if (typeof value === "string" && !/\.(one|other)$/.test(key) && COUNTED.test(value))
        problems.push(`${lang}.json writes a number before a plural without a singular form in ${key}: "${value}"`);
  for (const [key, value] of fr) {
    const english = en.get(key);
    // {placeholders} are names, not English words.
    if (
      typeof value === "string" &&
      value === english &&
      /[A-Za-z]{3}/.test(value.replace(/\{[^}]*\}/g, "")) &&
      !SAME_IN_BOTH.has(value)
    ) {
      problems.push(`fr.json keeps the English value for ${key}: "${value}"`);
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const problems = checkI18n();
  if (problems.length) {
    console.error(problems.join("\n"));
    console.error(`\n${problems.length} i18n problem(s).`);
    process.exit(1);
  }
  console.log("i18n: en.json and fr.json agree, and every key used exists in both.");
}
