import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

/** What the built system folder holds at the repository's root (vite.config.ts copies these into dist/). */
const SHIPPED = ["system.json", "templates", "lang", "styles", "assets", "LICENSE", "README.md"];
const PREFIX = "/systems/wuxia-harmonies/";

/**
 * `foundry.utils.getRoute` (API v13): a path of the server's as the browser reaches it, from the
 * root. Simpler than Foundry: no route prefix (a server set up under a sub-path).
 */
export function getRoute(path: string): string {
  return `/${path.replace(/^\/+/, "")}`;
}

/**
 * The browser's `fetch` in a world: the Foundry server serves a system's files under
 * `/systems/<id>/` as they are installed; anything else is not found (404). Answers from the
 * repository's files that the build ships, so a test reads what a world would.
 */
export async function fetchFromServer(input: string | URL): Promise<Response> {
  const path = new URL(String(input), "http://localhost/").pathname;
  const relative = decodeURIComponent(path.slice(PREFIX.length));
  const file = resolve(relative);
  const shipped =
    path.startsWith(PREFIX) && SHIPPED.some((root) => relative === root || relative.startsWith(`${root}/`));
  if (!shipped || !existsSync(file) || !statSync(file).isFile()) return new Response("Not found", { status: 404 });
  return new Response(readFileSync(file), { status: 200 });
}
