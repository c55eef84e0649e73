import { SYSTEM_ID, templatePath } from "../foundry/system";
import { systemFlag } from "../foundry/flags";
import { progressNotification } from "../foundry/notifications";
import { isGroup } from "../foundry/documents";
import { t } from "../core/i18n";
import { newMember, type GroupMemberData } from "./actors/group";

/** What the write reads of a parsed import: its groups, and whether any problem is an error. */
export interface GroupImportLike {
  groups: readonly {
    name: string;
    ruleset: "wuxia" | "harmonies";
    members: readonly { label: string; count: number; stats: Record<string, number> }[];
  }[];
  problems: readonly { severity: "error" | "warning" }[];
}

type ImportedGroupLike = GroupImportLike["groups"][number];

/** An import refused or failed, for a reason shown to the GM; `key` is an i18n key. */
export class ImportError extends Error {
  override readonly name = "ImportError";
  constructor(
    readonly key: string,
    readonly data: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** The message the GM reads for an import error. */
export function describeImportError(error: unknown): string {
  if (error instanceof ImportError) return t(error.key, error.data);
  return t("WH.Import.Error.Unexpected", { message: error instanceof Error ? error.message : String(error) });
}

/** Where an import marks the actors and the folder it made (`flags[SYSTEM_ID][IMPORT_FLAG]`). */
export const IMPORT_FLAG = "import";

/** The mark of an import on a group actor or a folder: which import (its batch id) and when. */
export interface ImportMark {
  batch: string;
  at: number;
}

/** Actors created per request: very large batches strain the server's memory (core #13248). */
export const CHUNK_SIZE = 100;

function markOf(document: Actor.Implementation | FolderDocument): ImportMark | null {
  const mark: Partial<ImportMark> | undefined = systemFlag(document, IMPORT_FLAG);
  return typeof mark?.batch === "string" && typeof mark.at === "number" ? { batch: mark.batch, at: mark.at } : null;
}

/**
 * The groups a re-import updates, by name: for each name, the world actor of type `group` with
 * that exact name that an earlier import made (it carries the import mark) and no player owns,
 * wherever the GM has since moved it; of several, the one imported last. A group typed in by hand is never
 * overwritten. Read once per import: a file of thousands of groups looks each up in this map.
 */
export function previousImports(): Map<string, GroupActor> {
  const found = new Map<string, { actor: GroupActor; at: number }>();
  for (const actor of game.actors?.contents ?? []) {
    // A player may write their own actor's flags, a forged import mark among them: only a group
    // no player owns is one the GM's import may update.
    if (!isGroup(actor) || ownedByAPlayer(actor)) continue;
    const mark = markOf(actor);
    const best = found.get(actor.name ?? "");
    if (mark && (!best || mark.at > best.at)) found.set(actor.name ?? "", { actor, at: mark.at });
  }
  return new Map([...found].map(([name, { actor }]) => [name, actor]));
}

function ownedByAPlayer(actor: Actor.Implementation): boolean {
  return game.users.contents.some((user) => !user.isGM && actor.testUserPermission(user, "OWNER"));
}

/** The group a re-import of this name updates, or null (see `previousImports`). */
export function previousImport(name: string): GroupActor | null {
  return previousImports().get(name) ?? null;
}

/** Which imported groups update an existing group (by name), and which are new. */
export interface ImportPlan {
  create: ImportedGroupLike[];
  update: { group: ImportedGroupLike; actor: GroupActor }[];
}

export function planImport(result: GroupImportLike): ImportPlan {
  const plan: ImportPlan = { create: [], update: [] };
  const previous = previousImports();
  for (const group of result.groups) {
    const actor = previous.get(group.name);
    if (actor) plan.update.push({ group, actor });
    else plan.create.push(group);
  }
  return plan;
}

function membersOf(actor: GroupActor): GroupMemberData[] {
  return actor.system.members as GroupMemberData[];
}

/**
 * The imported sub-groups as the model stores them: the stats the file gives over a new
 * sub-group's. Members out of the fight stay out in a re-imported sub-group of the same label,
 * never more than it now counts; a new sub-group starts with everyone in.
 */
export function importedMembers(
  group: ImportedGroupLike,
  previous: readonly GroupMemberData[] = [],
): GroupMemberData[] {
  const unmatched = [...previous];
  return group.members.map((m) => {
    const base = newMember(m.label);
    const index = unmatched.findIndex((p) => p.label === m.label);
    const match = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
    const out = match ? Math.min(match.out, m.count) : 0;
    return { ...base, count: m.count, out, stats: { ...base.stats, ...m.stats } as GroupMemberData["stats"] };
  });
}

/** What an import did: the folder it made or used, and the groups created and updated. */
export interface ImportSummary {
  folder: { id: string; name: string } | null;
  created: { id: string; name: string }[];
  updated: { id: string; name: string }[];
}

export interface ImportOptions {
  /** The folder's name; an Actor folder of that name is reused, else one is made. Default: "Import <date time>". */
  folderName?: string;
  /** Actors per request (tests make it small). */
  chunkSize?: number;
}

/** "Import 2026-12-01 18:30", in the GM's time zone. */
export function defaultFolderName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return t("WH.Import.FolderName", { date: `${date} ${pad(now.getHours())}:${pad(now.getMinutes())}` });
}

type ActorClass = typeof CONFIG.Actor.documentClass;
type FolderDocument = Folder.Implementation;
type GroupActor = Actor.OfType<"group">;

let running = false;

/**
 * Refusals before anything is written: only a GM imports, an import with an error (or no
 * group) is never written, and one import runs at a time.
 */
function assertImportable(result: GroupImportLike): void {
  if (!game.user?.isGM) throw new ImportError("WH.Import.Error.NotGM");
  if (result.problems.some((p) => p.severity === "error")) throw new ImportError("WH.Import.Error.HasErrors");
  if (!result.groups.length) throw new ImportError("WH.Import.Error.Empty");
  const names = new Set<string>();
  for (const group of result.groups) {
    if (names.has(group.name)) throw new ImportError("WH.Import.Error.SameName", { name: group.name });
    names.add(group.name);
  }
  if (running) throw new ImportError("WH.Import.Error.Running");
}

/**
 * Writes a clean import in one go: a folder for the new groups, the groups created in chunks
 * and earlier imports of the same names updated, with a progress bar, then a summary (a
 * notification and a whisper to the GMs). A failure part-way removes what this import created,
 * puts back what it updated, and rejects with an ImportError saying why.
 */
export async function importGroups(result: GroupImportLike, options: ImportOptions = {}): Promise<ImportSummary> {
  assertImportable(result);
  running = true;
  try {
    return await write(result, options);
  } finally {
    running = false;
  }
}

async function write(result: GroupImportLike, options: ImportOptions): Promise<ImportSummary> {
  const ActorDoc = CONFIG.Actor.documentClass;
  const plan = planImport(result);
  const mark: ImportMark = { batch: foundry.utils.randomID(), at: Date.now() };
  const total = result.groups.length;
  const chunkSize = Math.max(1, options.chunkSize ?? CHUNK_SIZE);
  const bar = progressNotification(t("WH.Import.Progress", { done: 0, total }));
  let done = 0;
  const advance = (n: number) => {
    done += n;
    bar.update({ pct: done / total, message: t("WH.Import.Progress", { done, total }) });
  };
  const undo = plan.update.map(({ actor }) => ({
    _id: actor.id,
    system: { ruleset: actor.system.ruleset, members: membersOf(actor) },
    flags: { [SYSTEM_ID]: { [IMPORT_FLAG]: markOf(actor) } },
  }));
  let folder: { document: FolderDocument; made: boolean } | null = null;
  try {
    if (plan.create.length) folder = await importFolder(options.folderName?.trim() || defaultFolderName(), mark);
    const into = folder?.document.id ?? null;
    for (let i = 0; i < plan.create.length; i += chunkSize) {
      const chunk = plan.create.slice(i, i + chunkSize);
      await ActorDoc.createDocuments(chunk.map((group) => newGroupData(group, into, mark)));
      advance(chunk.length);
    }
    for (let i = 0; i < plan.update.length; i += chunkSize) {
      const chunk = plan.update.slice(i, i + chunkSize);
      await ActorDoc.updateDocuments(
        chunk.map(({ group, actor }) => ({
          _id: actor.id,
          system: { ruleset: group.ruleset, members: importedMembers(group, membersOf(actor)) },
          flags: { [SYSTEM_ID]: { [IMPORT_FLAG]: mark } },
        })),
      );
      advance(chunk.length);
    }
  } catch (error) {
    const clean = await rollBack(ActorDoc, mark, undo, folder);
    const reason = error instanceof Error ? error.message : String(error);
    const failure = new ImportError(clean ? "WH.Import.Error.Failed" : "WH.Import.Error.FailedPartly", { reason });
    bar.update({ pct: 1, message: describeImportError(failure) });
    throw failure;
  }
  const updated = new Set(plan.update.map((u) => u.actor.id));
  const summary: ImportSummary = {
    folder: folder ? { id: folder.document.id ?? "", name: folder.document.name } : null,
    created: (game.actors?.contents ?? [])
      .filter((a) => markOf(a)?.batch === mark.batch && !updated.has(a.id))
      .map((a) => ({ id: a.id ?? "", name: a.name ?? "" })),
    updated: plan.update.map(({ actor }) => ({ id: actor.id ?? "", name: actor.name ?? "" })),
  };
  await announce(summary);
  return summary;
}

function newGroupData(group: ImportedGroupLike, folder: string | null, mark: ImportMark): Actor.CreateData {
  return {
    name: group.name,
    type: "group",
    folder,
    system: { ruleset: group.ruleset, members: importedMembers(group) },
    flags: { [SYSTEM_ID]: { [IMPORT_FLAG]: mark } },
  };
}

/** The Actor folder of that name if there is one (kept on failure), else a new one marked as this import's. */
async function importFolder(name: string, mark: ImportMark): Promise<{ document: FolderDocument; made: boolean }> {
  const existing = game.folders?.contents.find((f) => f.type === "Actor" && f.name === name);
  if (existing) return { document: existing, made: false };
  const made = await Folder.create({ name, type: "Actor", flags: { [SYSTEM_ID]: { [IMPORT_FLAG]: mark } } });
  if (!made) throw new Error(t("WH.Import.Error.NoFolder"));
  return { document: made, made: true };
}

/**
 * Removes every actor carrying this import's mark that it created (found by the mark, so a
 * request that failed half-way leaves none behind), puts back the groups it updated, and
 * deletes the folder it made. True when all of it went through.
 */
async function rollBack(
  ActorDoc: ActorClass,
  mark: ImportMark,
  undo: Record<string, unknown>[],
  folder: { document: FolderDocument; made: boolean } | null,
): Promise<boolean> {
  const updated = new Set(undo.map((u) => u._id));
  const created = (game.actors?.contents ?? [])
    .filter((a) => markOf(a)?.batch === mark.batch && !updated.has(a.id))
    .map((a) => a.id ?? "");
  const steps = [
    () => ActorDoc.deleteDocuments(created),
    () => ActorDoc.updateDocuments(undo),
    () => (folder?.made ? folder.document.delete() : Promise.resolve()),
  ];
  let clean = true;
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      console.error(error);
      clean = false;
    }
  }
  return clean;
}

/** Names listed in the whisper; a larger import says how many more. */
const LISTED = 50;

async function announce(summary: ImportSummary): Promise<void> {
  const counts = { created: summary.created.length, updated: summary.updated.length };
  ui.notifications.info(t("WH.Import.Done", counts));
  const listed = [
    ...summary.created.map((g) => ({ name: g.name, label: t("WH.Import.Created") })),
    ...summary.updated.map((g) => ({ name: g.name, label: t("WH.Import.Updated") })),
  ];
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("chat/import-summary.hbs"), {
    summary: t("WH.Import.Done", counts),
    folder: summary.folder ? t("WH.Import.InFolder", { name: summary.folder.name }) : null,
    groups: listed.slice(0, LISTED),
    more: listed.length > LISTED ? t("WH.Import.More", { n: listed.length - LISTED }) : null,
  });
  const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id);
  await ChatMessage.create({ content, whisper: gms });
}
