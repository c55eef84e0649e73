import { untypedHooks } from "../foundry/hooks";
import { openPlaceGroupDialog } from "./place-group-dialog";
import { gatherGroupTokens } from "./group-tokens";

const PLACE_ICON = "fa-solid fa-people-group";
export const GATHER_TOOL = "whGatherGroup";

/** The actor of a directory entry: v13 and v14 hand the menu the entry's element, which carries `data-entry-id`. */
function entryActor(target: HTMLElement): Actor.Implementation | null {
  const id = target.closest<HTMLElement>("[data-entry-id]")?.dataset.entryId;
  return id ? (game.actors?.get(id) ?? null) : null;
}

/**
 * The Actors directory's "Place on the scene…" entry, for a GM on a group. v13 reads `name`,
 * `icon` (HTML), `condition(target)` and `callback(target)`; v14 reads `label`, `icon` (a class or
 * HTML), `visible(target)` and `onClick(event, target)` (API ContextMenuEntry, v13 and v14).
 */
export function placeEntry() {
  const visible = (target: HTMLElement) => Boolean(game.user?.isGM) && entryActor(target)?.type === "group";
  const open = (target: HTMLElement) => void openPlaceGroupDialog(entryActor(target));
  return {
    name: "WH.Tokens.Place.Entry",
    label: "WH.Tokens.Place.Entry",
    icon: `<i class="${PLACE_ICON}"></i>`,
    condition: visible,
    visible,
    callback: open,
    onClick: (_event: Event, target: HTMLElement) => open(target),
  };
}

interface ControlSet {
  tools?: Record<string, unknown>;
}

/**
 * The "Gather into group" button among the token controls, a GM's only: v13 and v14 hand
 * `getSceneControlButtons` the controls as a record by name, each with its tools by name
 * (hookEvents.getSceneControlButtons, v13 and v14); a `button` tool runs `onChange` when clicked.
 */
export function addGatherTool(controls: Record<string, ControlSet | undefined>): void {
  const tools = controls.tokens?.tools;
  if (!tools) return;
  tools[GATHER_TOOL] = {
    name: GATHER_TOOL,
    title: "WH.Tokens.Gather.Tool",
    icon: "fa-solid fa-object-group",
    order: Object.keys(tools).length,
    button: true,
    visible: Boolean(game.user?.isGM),
    onChange: () => void gatherGroupTokens(),
  };
}

/**
 * Whether a context menu is the Actors directory's. An Actor compendium's window raises the same
 * hook (hookEvents.getDocumentContextOptions, v13 and v14, is handed the application), but its
 * entries are the pack's, whose ids may also be a world actor's: a directory's `collection` is the
 * collection it represents (DocumentDirectory configuration, v13 and v14), the pack for a compendium.
 */
function isActorsDirectory(app: { collection?: unknown } | null | undefined): boolean {
  return app?.collection === game.actors;
}

export function registerGroupTokens(): void {
  // v13 and v14 name the Actors directory's entry menu after the document (hookEvents.getDocumentContextOptions).
  untypedHooks.on("getActorContextOptions", (app: { collection?: unknown } | null, items: object[]) => {
    if (isActorsDirectory(app)) items.push(placeEntry());
  });
  untypedHooks.on("getSceneControlButtons", (controls: Record<string, ControlSet | undefined>) =>
    addGatherTool(controls),
  );
}
