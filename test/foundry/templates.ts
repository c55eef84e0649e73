import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { installFormDataExtended } from "./applications";
import { CORE_TRACKER_TEMPLATES } from "./tracker";

type AnyObject = Record<string, unknown>;
type HelperOptions = { hash: AnyObject };
type HandlebarsEnv = typeof Handlebars;

const SYSTEM_PREFIX = "systems/wuxia-harmonies/";

function i18n(): { localize(key: string): string; format(key: string, data?: AnyObject): string } {
  return (
    globalThis as unknown as {
      game: { i18n: { localize(key: string): string; format(key: string, data?: AnyObject): string } };
    }
  ).game.i18n;
}

/**
 * The Handlebars helpers of Foundry v13 that the system's templates use, on the real handlebars
 * package (`localize`, `checked`, `selectOptions`, `eq`, `or`, `concat`). Simpler than Foundry:
 * `selectOptions` takes a `{value: label}` object or an array of `{value, label}` only (no option
 * groups, no `sort`).
 */
export function registerFoundryHelpers(hb: HandlebarsEnv): void {
  // Like Foundry, a SafeString key (from `concat`) is read as its text.
  hb.registerHelper("localize", (key: string | Handlebars.SafeString, options: HelperOptions) => {
    const text = String(key);
    return Object.keys(options.hash).length ? i18n().format(text, options.hash) : i18n().localize(text);
  });
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper("or", (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  hb.registerHelper("concat", (...args: unknown[]) => new hb.SafeString(args.slice(0, -1).map(String).join("")));
  hb.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
  hb.registerHelper(
    "selectOptions",
    (choices: AnyObject | { value: unknown; label: string }[], options: HelperOptions) => {
      const {
        selected,
        localize = false,
        blank,
      } = options.hash as { selected?: unknown; localize?: boolean; blank?: string };
      const entries: [string, string][] = Array.isArray(choices)
        ? choices.map((c) => [String(c.value), c.label])
        : Object.entries(choices).map(([value, label]) => [value, String(label)]);
      const esc = hb.escapeExpression;
      const html: string[] =
        blank === undefined
          ? []
          : [`<option value="">${esc(localize && blank ? i18n().localize(blank) : blank)}</option>`];
      for (const [value, label] of entries) {
        const text = localize ? i18n().localize(label) : label;
        html.push(
          `<option value="${esc(value)}"${String(selected) === value ? " selected" : ""}>${esc(text)}</option>`,
        );
      }
      return new hb.SafeString(html.join(""));
    },
  );
}

/**
 * `foundry.applications.handlebars.renderTemplate` on the system's real template files:
 * `systems/wuxia-harmonies/…` is read from the repository, core's combat tracker parts are the
 * double's stand-ins (tracker.ts). A partial must have been loaded (`templateLoader`) or Handlebars
 * throws, as in Foundry. Simpler than Foundry: templates are read from disk instead of fetched,
 * and compiled once per path.
 */
export function templateRenderer(
  hb: HandlebarsEnv,
  root = process.cwd(),
): (path: string, data: AnyObject) => Promise<string> {
  const cache = new Map<string, HandlebarsTemplateDelegate>();
  return async (path, data) => {
    const core = CORE_TRACKER_TEMPLATES[path];
    if (core !== undefined && !cache.has(path)) cache.set(path, hb.compile(core, { strict: false }));
    if (core === undefined && !path.startsWith(SYSTEM_PREFIX))
      throw new Error(`The double renders only the system's own templates, not "${path}"`);
    let template = cache.get(path);
    if (!template) {
      template = hb.compile(readFileSync(resolve(root, path.slice(SYSTEM_PREFIX.length)), "utf8"), { strict: false });
      cache.set(path, template);
    }
    return template(data, { allowProtoPropertiesByDefault: true });
  };
}

/**
 * `foundry.applications.handlebars.loadTemplates` on the system's template files: each is
 * compiled and registered as a Handlebars partial, under its path when given an array and under
 * its key when given an object (the API documents both: `{{> "templates/apps/foo.html"}}`,
 * `{{> foo}}`). Foundry resolves to the compiled templates; so does this.
 */
export function templateLoader(
  hb: HandlebarsEnv,
  root = process.cwd(),
): (paths: string[] | Record<string, string>) => Promise<HandlebarsTemplateDelegate[]> {
  return async (paths) => {
    const entries = Array.isArray(paths) ? paths.map((path) => [path, path] as const) : Object.entries(paths);
    return entries.map(([id, path]) => {
      if (!path.startsWith(SYSTEM_PREFIX))
        throw new Error(`The double loads only the system's own templates, not "${path}"`);
      const template = hb.compile(readFileSync(resolve(root, path.slice(SYSTEM_PREFIX.length)), "utf8"), {
        strict: false,
      });
      hb.registerPartial(id, template);
      return template;
    });
  };
}

/**
 * Makes the installed double's `renderTemplate` render the real template files with the real
 * handlebars package and the helpers above (the double's default returns ""), and makes
 * its `loadTemplates` register them as partials. Call it after
 * `installFoundry()` in tests that read rendered HTML. Applications drawn from those templates
 * read their forms through `FormDataExtended`, installed here too.
 */
export function renderTemplatesFromDisk(root = process.cwd()): void {
  const g = globalThis as unknown as {
    Handlebars?: HandlebarsEnv;
    foundry: { applications: { handlebars: AnyObject } };
  };
  const hb = g.Handlebars ?? Handlebars.create();
  registerFoundryHelpers(hb);
  g.foundry.applications.handlebars.renderTemplate = templateRenderer(hb, root);
  g.foundry.applications.handlebars.loadTemplates = templateLoader(hb, root);
  installFormDataExtended();
}
