import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import type * as ImportGroups from "./import-groups";
import { actAs, createActor, postedMessages, startWorld } from "../../test/support/world";

/**
 * The GM's import of NPC groups, written through the Foundry double: the folder, the groups in
 * chunks with a progress bar, re-imports that update, a failure that leaves nothing behind.
 */

type AnyObject = Record<string, unknown>;
type Module = typeof ImportGroups;
type Member = { label: string; count: number; out: number; stats: Record<string, number> };
interface GroupActor {
  id: string;
  name: string;
  type: string;
  folder: { id: string; name: string } | null;
  system: { ruleset: string; members: Member[]; action: AnyObject; description: string };
  flags: Record<string, AnyObject>;
  update(changes: AnyObject): Promise<unknown>;
}
interface ImportedGroup {
  name: string;
  ruleset: "wuxia" | "harmonies";
  line: number;
  members: { label: string; count: number; stats: Record<string, number> }[];
}
interface Problem {
  line: number;
  column: string | null;
  code: string;
  severity: "error" | "warning";
}

let foundry: FoundryDouble;
let mod: Module;

beforeEach(async () => {
  foundry = await startWorld();
  mod = await import("./import-groups");
});

const g = globalThis as unknown as {
  game: {
    actors: { contents: GroupActor[]; get(id: string): GroupActor | undefined };
    folders: { contents: { id: string; name: string; type: string; contents: unknown[] }[] };
  };
  Folder: { create(data: AnyObject): Promise<{ id: string; name: string }> };
  CONFIG: { Actor: { documentClass: AnyObject } };
};

function band(name: string, members: ImportedGroup["members"] = [{ label: "Garde", count: 5, stats: {} }]) {
  return { name, ruleset: "harmonies" as const, line: 2, members };
}

function clean(...groups: ImportedGroup[]): { groups: ImportedGroup[]; problems: Problem[] } {
  return { groups, problems: [] };
}

function groupsNamed(name: string): GroupActor[] {
  return g.game.actors.contents.filter((a) => a.name === name);
}

function only(name: string): GroupActor {
  const [actor, ...others] = groupsNamed(name);
  if (!actor || others.length) throw new Error(`expected one ${name}, found ${others.length + (actor ? 1 : 0)}`);
  return actor;
}

function messages(level: "info" | "warn" | "error"): string[] {
  return foundry.notifications.filter((n) => n.level === level).map((n) => n.message);
}

describe("a GM imports clean groups", () => {
  it("creates the groups in one new folder named after the date, with their sub-groups and stats", async () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 1, 18, 30), toFake: ["Date"] });
    try {
      const summary = await mod.importGroups(
        clean(
          band("Gardes", [
            { label: "Sergent", count: 1, stats: { agilite: 2, manoeuvre: 1, skill: 3 } },
            { label: "Garde", count: 12, stats: { agilite: 1 } },
          ]),
          { name: "Brigands", ruleset: "wuxia", line: 4, members: [{ label: "Brigand", count: 8, stats: { feu: 4 } }] },
        ),
      );
      const [folder] = g.game.folders.contents;
      expect(g.game.folders.contents).toHaveLength(1);
      expect(folder).toMatchObject({ name: "Import 2026-12-01 18:30", type: "Actor" });
      const gardes = only("Gardes");
      expect(gardes.type).toBe("group");
      expect(gardes.folder?.id).toBe(folder?.id);
      expect(gardes.system.ruleset).toBe("harmonies");
      expect(gardes.system.members.map((m) => [m.label, m.count, m.out])).toEqual([
        ["Sergent", 1, 0],
        ["Garde", 12, 0],
      ]);
      expect(gardes.system.members[0]?.stats).toMatchObject({ agilite: 2, manoeuvre: 1, skill: 3, corps: 0, metal: 2 });
      expect(only("Brigands").system.ruleset).toBe("wuxia");
      expect(only("Brigands").system.members[0]?.stats.feu).toBe(4);
      expect(summary.folder).toEqual({ id: folder?.id, name: folder?.name });
      expect(summary.created.map((c) => c.name).sort()).toEqual(["Brigands", "Gardes"]);
      expect(summary.updated).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("creates in chunks, moving a progress bar to the end", async () => {
    const ActorClass = g.CONFIG.Actor.documentClass as { createDocuments(data: AnyObject[]): Promise<unknown> };
    const create = vi.spyOn(ActorClass, "createDocuments");
    const names = ["A", "B", "C", "D", "E"];
    await mod.importGroups(clean(...names.map((n) => band(n))), { chunkSize: 2 });
    expect(create.mock.calls.map(([data]) => data.map((d) => d.name))).toEqual([["A", "B"], ["C", "D"], ["E"]]);
    const bar = foundry.notifications.find((n) => n.progress);
    expect(bar?.progress?.map((p) => p.pct)).toEqual([0.4, 0.8, 1]);
    expect(bar?.progress?.at(-1)?.message).toBe("Importing groups: 5 of 5");
    expect(g.game.actors.contents).toHaveLength(5);
  });

  it("sends a hundred groups a request unless told otherwise, and never fewer than one", async () => {
    const ActorClass = g.CONFIG.Actor.documentClass as { createDocuments(data: AnyObject[]): Promise<unknown> };
    const create = vi.spyOn(ActorClass, "createDocuments");
    await mod.importGroups(clean(...Array.from({ length: 101 }, (_, i) => band(`Bande ${i}`))));
    expect(create.mock.calls.map(([data]) => data.length)).toEqual([100, 1]);
    create.mockClear();
    await mod.importGroups(clean(band("X"), band("Y")), { chunkSize: 0 });
    expect(create.mock.calls.map(([data]) => data.length)).toEqual([1, 1]);
  });

  it("names the folder after the date when the name typed is blank", async () => {
    await mod.importGroups(clean(band("Gardes")), { folderName: "   " });
    expect(g.game.folders.contents[0]?.name).toMatch(/^Import \d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it("fails, creating nothing, when the folder cannot be made", async () => {
    (globalThis as unknown as { Hooks: { once(n: string, f: () => boolean): void } }).Hooks.once(
      "preCreateFolder",
      () => false,
    );
    const error = await mod.importGroups(clean(band("Gardes"))).catch((e: unknown) => e);
    expect(mod.describeImportError(error)).toMatch(/^The import failed \(The import folder could not be created\.\)/);
    expect(g.game.actors.contents).toEqual([]);
  });

  it("ends with a summary notification and a whisper to the GMs listing the groups", async () => {
    await mod.importGroups(clean(band("Gardes"), band("Archers")), { folderName: "Château" });
    expect(messages("info")).toContain("Groups imported: 2 created, 0 updated.");
    const [message] = postedMessages() as unknown as { content: string; whisper: string[] }[];
    expect(postedMessages()).toHaveLength(1);
    expect(message?.whisper).toEqual(["gmUser000000001"]);
    expect(message?.content).toContain("Groups imported: 2 created, 0 updated.");
    expect(message?.content).toContain("New groups are in the folder Château.");
    expect(message?.content).toMatch(/<strong>Gardes<\/strong> — created/);
    expect(message?.content).toMatch(/<strong>Archers<\/strong> — created/);
  });

  it("lists fifty groups in the whisper and says how many more there are", async () => {
    const names = Array.from({ length: 53 }, (_, i) => `Bande ${i + 1}`);
    await mod.importGroups(clean(...names.map((n) => band(n))));
    const content = (postedMessages()[0] as unknown as { content: string }).content;
    expect(content.match(/<li>/g)).toHaveLength(50);
    expect(content).toContain("and 3 more.");
  });

  it("lists exactly fifty groups with nothing more to say", async () => {
    await mod.importGroups(clean(...Array.from({ length: 50 }, (_, i) => band(`Bande ${i + 1}`))));
    const content = (postedMessages()[0] as unknown as { content: string }).content;
    expect(content.match(/<li>/g)).toHaveLength(50);
    expect(content).not.toContain("more");
  });

  it("puts the groups in the folder the GM names, reusing an Actor folder of that name", async () => {
    const existing = await g.Folder.create({ name: "Château", type: "Actor" });
    await mod.importGroups(clean(band("Gardes")), { folderName: "  Château " });
    expect(g.game.folders.contents).toHaveLength(1);
    expect(only("Gardes").folder?.id).toBe(existing.id);
  });

  it("does not reuse an Item folder of that name", async () => {
    await g.Folder.create({ name: "Château", type: "Item" });
    await mod.importGroups(clean(band("Gardes")), { folderName: "Château" });
    const actorFolders = g.game.folders.contents.filter((f) => f.type === "Actor");
    expect(actorFolders.map((f) => f.name)).toEqual(["Château"]);
    expect(only("Gardes").folder?.id).toBe(actorFolders[0]?.id);
  });

  it("writes French folder names and messages for a French GM", async () => {
    foundry = await startWorld({ lang: "fr" });
    mod = await import("./import-groups");
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 9, 7), toFake: ["Date"] });
    try {
      await mod.importGroups(clean(band("Gardes")));
    } finally {
      vi.useRealTimers();
    }
    expect(g.game.folders.contents[0]?.name).toBe("Import du 2026-01-05 09:07");
    expect(messages("info")).toContain("Groupes importés : créés 1, mis à jour 0.");
  });
});

describe("a re-import", () => {
  it("updates the group of that name an earlier import made, where the GM moved it, with no duplicate", async () => {
    await mod.importGroups(clean(band("Gardes", [{ label: "Garde", count: 5, stats: { agilite: 1 } }])));
    const gardes = only("Gardes");
    const elsewhere = await g.Folder.create({ name: "Donjon", type: "Actor" });
    await gardes.update({ folder: elsewhere.id, system: { description: "<p>Les gardes du duc</p>" } });
    const before = g.game.folders.contents.length;

    const summary = await mod.importGroups(
      clean(band("Gardes", [{ label: "Garde", count: 9, stats: { agilite: 3 } }])),
      { folderName: "Second" },
    );
    expect(only("Gardes").id).toBe(gardes.id);
    expect(gardes.system.members.map((m) => [m.label, m.count, m.stats.agilite])).toEqual([["Garde", 9, 3]]);
    expect(gardes.folder?.id).toBe(elsewhere.id);
    expect(gardes.system.description).toBe("<p>Les gardes du duc</p>");
    // Nothing new to create: no empty folder.
    expect(g.game.folders.contents).toHaveLength(before);
    expect(summary).toMatchObject({ folder: null, created: [], updated: [{ id: gardes.id, name: "Gardes" }] });
    expect(messages("info")).toContain("Groups imported: 0 created, 1 updated.");
    const whisper = (postedMessages().at(-1) as unknown as { content: string }).content;
    expect(whisper).toMatch(/<strong>Gardes<\/strong> — updated/);
    expect(whisper).not.toContain("New groups are in");
  });

  it("keeps members out of the fight in a sub-group of the same label, never more than it counts", async () => {
    await mod.importGroups(
      clean(
        band("Gardes", [
          { label: "Sergent", count: 2, stats: {} },
          { label: "Garde", count: 10, stats: {} },
        ]),
      ),
    );
    const gardes = only("Gardes");
    await gardes.update({
      system: {
        members: [
          { ...gardes.system.members[0], out: 1 },
          { ...gardes.system.members[1], out: 6 },
        ],
      },
    });
    await mod.importGroups(
      clean(
        band("Gardes", [
          { label: "Garde", count: 4, stats: {} },
          { label: "Archer", count: 3, stats: {} },
          { label: "Sergent", count: 2, stats: {} },
        ]),
      ),
    );
    expect(gardes.system.members.map((m) => [m.label, m.count, m.out])).toEqual([
      ["Garde", 4, 4],
      ["Archer", 3, 0],
      ["Sergent", 2, 1],
    ]);
  });

  it("matches two sub-groups of the same label in order", () => {
    const previous = [
      { label: "Garde", count: 5, out: 2, stats: {} },
      { label: "Garde", count: 5, out: 4, stats: {} },
    ] as unknown as Member[];
    const members = mod.importedMembers(
      band("Gardes", [
        { label: "Garde", count: 5, stats: {} },
        { label: "Garde", count: 5, stats: {} },
        { label: "Garde", count: 5, stats: {} },
      ]),
      previous as never,
    );
    expect(members.map((m) => m.out)).toEqual([2, 4, 0]);
  });

  it("creates others beside the updates, in a new folder", async () => {
    await mod.importGroups(clean(band("Gardes")));
    const summary = await mod.importGroups(clean(band("Gardes"), band("Archers")), { folderName: "Second" });
    expect(groupsNamed("Gardes")).toHaveLength(1);
    expect(only("Archers").folder?.name).toBe("Second");
    expect(summary.created.map((c) => c.name)).toEqual(["Archers"]);
    expect(summary.updated.map((c) => c.name)).toEqual(["Gardes"]);
  });

  it("updates in chunks too, marking each updated group as this import's, and lists only this import's groups", async () => {
    const bystander = await createActor({ name: "Lin Mei", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    const names = ["A", "B", "C", "D", "E"];
    await mod.importGroups(clean(...names.map((n) => band(n))));
    const ActorClass = g.CONFIG.Actor.documentClass as unknown as { updateDocuments(u: AnyObject[]): Promise<unknown> };
    const updates = vi.spyOn(ActorClass, "updateDocuments");
    const summary = await mod.importGroups(clean(...names.map((n) => band(n)), band("F")), { chunkSize: 2 });
    expect(updates.mock.calls.map(([u]) => u.length)).toEqual([2, 2, 1]);
    const marks = names.map((n) => (only(n).flags["wuxia-harmonies"]?.import as { batch: string }).batch);
    const newMark = (only("F").flags["wuxia-harmonies"]?.import as { batch: string }).batch;
    expect(new Set([...marks, newMark]).size).toBe(1);
    expect(summary.created).toEqual([{ id: only("F").id, name: "F" }]);
    expect(summary.updated).toEqual(names.map((n) => ({ id: only(n).id, name: n })));
    expect(g.game.actors.get(bystander.id ?? "")?.name).toBe("Lin Mei");
  });

  it("never overwrites a group the GM typed in by hand", async () => {
    const manual = (await createActor(
      { name: "Gardes", type: "group", system: { members: [{ label: "Garde", count: 3 }] } },
      { ownedByPlayer: false },
    )) as unknown as GroupActor;
    await mod.importGroups(clean(band("Gardes", [{ label: "Garde", count: 7, stats: {} }])));
    expect(groupsNamed("Gardes")).toHaveLength(2);
    expect(manual.system.members[0]?.count).toBe(3);
  });

  it("updates a group only of the exact name and of type group", async () => {
    await mod.importGroups(clean(band("Gardes")));
    const imported = only("Gardes");
    const other = await createActor(
      { name: "Gardes", type: "wuxiaCharacter", flags: { "wuxia-harmonies": { import: { batch: "x", at: 9e15 } } } },
      { ownedByPlayer: false },
    );
    expect(other.id).not.toBe(imported.id);
    expect(mod.previousImport("Gardes")?.id).toBe(imported.id);
    expect(mod.previousImport("gardes")).toBeNull();
  });

  it("of several earlier imports of that name, updates the last", async () => {
    const flagged = (at: number) => ({ "wuxia-harmonies": { import: { batch: `b${at}`, at } } });
    const older = await createActor({ name: "Gardes", type: "group", flags: flagged(100) }, { ownedByPlayer: false });
    const newer = await createActor({ name: "Gardes", type: "group", flags: flagged(300) }, { ownedByPlayer: false });
    await createActor({ name: "Gardes", type: "group", flags: flagged(200) }, { ownedByPlayer: false });
    expect(mod.previousImport("Gardes")?.id).toBe(newer.id);
    expect(mod.planImport(clean(band("Gardes"), band("Archers")))).toMatchObject({
      create: [{ name: "Archers" }],
      update: [{ group: { name: "Gardes" }, actor: { id: newer.id } }],
    });
    expect(older.id).not.toBe(newer.id);
  });

  it("never updates a group a player owns, even one its player marked as imported later than the GM's own", async () => {
    await mod.importGroups(clean(band("Gardes")));
    const imported = only("Gardes");
    // The player owns this one and writes its flags: a forged mark, newer than the GM's import.
    const forged = (await createActor({
      name: "Gardes",
      type: "group",
      system: { members: [{ label: "Garde", count: 2 }] },
      flags: { "wuxia-harmonies": { import: { batch: "forged", at: 9e15 } } },
    })) as unknown as GroupActor;
    expect(mod.previousImport("Gardes")?.id).toBe(imported.id);
    await mod.importGroups(clean(band("Gardes", [{ label: "Garde", count: 9, stats: {} }])));
    expect(forged.system.members[0]?.count).toBe(2);
    expect(g.game.actors.get(imported.id)?.system.members[0]?.count).toBe(9);
  });

  it("ignores a malformed import mark", async () => {
    await createActor(
      { name: "Gardes", type: "group", flags: { "wuxia-harmonies": { import: { batch: 3, at: "x" } } } },
      { ownedByPlayer: false },
    );
    expect(mod.previousImport("Gardes")).toBeNull();
  });

  it.each([
    ["a batch that is no text", { batch: 7, at: 5 }],
    ["a time that is no number", { batch: "b", at: "5" }],
  ])("ignores an import mark with %s", async (_, mark) => {
    await createActor(
      { name: "Gardes", type: "group", flags: { "wuxia-harmonies": { import: mark } } },
      { ownedByPlayer: false },
    );
    expect(mod.previousImport("Gardes")).toBeNull();
  });
});

describe("a failure part-way", () => {
  type Spyable = {
    createDocuments(data: AnyObject[], o?: AnyObject): Promise<unknown>;
    updateDocuments(u: AnyObject[]): Promise<unknown>;
  };

  it("removes every group it created, even from the request that failed, and its folder, and nothing else", async () => {
    await createActor({ name: "Lin Mei", type: "wuxiaCharacter" }, { ownedByPlayer: false });
    const ActorClass = g.CONFIG.Actor.documentClass as unknown as Spyable;
    const original = ActorClass.createDocuments.bind(ActorClass);
    let calls = 0;
    vi.spyOn(ActorClass, "createDocuments").mockImplementation(async (data) => {
      calls += 1;
      if (calls < 2) return original(data);
      await original(data.slice(0, 1));
      throw new Error("The server went away");
    });
    const error = await mod
      .importGroups(clean(...["A", "B", "C", "D", "E"].map((n) => band(n))), { chunkSize: 2 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(mod.ImportError);
    expect(mod.describeImportError(error)).toBe(
      "The import failed (The server went away): what it had created was removed and the groups it had updated were put back.",
    );
    expect(g.game.actors.contents.map((a) => a.name)).toEqual(["Lin Mei"]);
    expect(g.game.folders.contents).toEqual([]);
    expect(postedMessages()).toEqual([]);
    const bar = foundry.notifications.find((n) => n.progress);
    expect(bar?.progress?.at(-1)).toEqual({ pct: 1, message: mod.describeImportError(error) });
  });

  it("puts back the groups it updated, with their earlier import's mark, and keeps an existing folder", async () => {
    await mod.importGroups(clean(band("Gardes", [{ label: "Garde", count: 5, stats: { agilite: 1 } }])));
    const gardes = only("Gardes");
    const mark = structuredClone(gardes.flags["wuxia-harmonies"]);
    const kept = await g.Folder.create({ name: "Château", type: "Actor" });
    const ActorClass = g.CONFIG.Actor.documentClass as unknown as Spyable;
    const original = ActorClass.updateDocuments.bind(ActorClass);
    vi.spyOn(ActorClass, "updateDocuments").mockImplementationOnce(async (updates) => {
      await original(updates);
      throw new Error("Timed out");
    });
    await expect(
      mod.importGroups(clean(band("Gardes", [{ label: "Garde", count: 9, stats: { agilite: 4 } }]), band("Archers")), {
        folderName: "Château",
      }),
    ).rejects.toBeInstanceOf(mod.ImportError);
    expect(gardes.system.members.map((m) => [m.count, m.stats.agilite])).toEqual([[5, 1]]);
    expect(gardes.flags["wuxia-harmonies"]).toEqual(mark);
    expect(groupsNamed("Archers")).toEqual([]);
    expect(g.game.folders.contents.map((f) => f.id)).toContain(kept.id);
  });

  it("puts back a re-imported group's rule set, and reads a failure that is no Error", async () => {
    await mod.importGroups(clean(band("Gardes")));
    const gardes = only("Gardes");
    const ActorClass = g.CONFIG.Actor.documentClass as unknown as Spyable;
    const original = ActorClass.updateDocuments.bind(ActorClass);
    vi.spyOn(ActorClass, "updateDocuments").mockImplementationOnce(async (updates) => {
      await original(updates);
      throw "offline";
    });
    const wuxia = {
      name: "Gardes",
      ruleset: "wuxia" as const,
      line: 2,
      members: [{ label: "Garde", count: 5, stats: {} }],
    };
    const error = await mod.importGroups(clean(wuxia)).catch((e: unknown) => e);
    expect(mod.describeImportError(error)).toMatch(/^The import failed \(offline\)/);
    expect(gardes.system.ruleset).toBe("harmonies");
  });

  it("says so when what it made cannot all be removed", async () => {
    const ActorClass = g.CONFIG.Actor.documentClass as unknown as Spyable & {
      deleteDocuments(ids: string[]): Promise<unknown>;
    };
    const original = ActorClass.createDocuments.bind(ActorClass);
    vi.spyOn(ActorClass, "createDocuments").mockImplementation(async (data) => {
      await original(data);
      throw new Error("Lost");
    });
    vi.spyOn(ActorClass, "deleteDocuments").mockRejectedValue(new Error("Still lost"));
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const error = await mod.importGroups(clean(band("Gardes"))).catch((e: unknown) => e);
    expect(mod.describeImportError(error)).toBe(
      "The import failed (Lost) and could not be undone completely: check the import folder and the groups it updates.",
    );
    expect(errorLog).toHaveBeenCalled();
    // The other steps still ran: the folder it made is gone.
    expect(g.game.folders.contents).toEqual([]);
  });

  it("allows the next import once one has failed", async () => {
    const ActorClass = g.CONFIG.Actor.documentClass as unknown as Spyable;
    vi.spyOn(ActorClass, "createDocuments").mockRejectedValueOnce(new Error("Lost"));
    await expect(mod.importGroups(clean(band("Gardes")))).rejects.toBeInstanceOf(mod.ImportError);
    await mod.importGroups(clean(band("Gardes")));
    expect(groupsNamed("Gardes")).toHaveLength(1);
  });
});

describe("refusals, before anything is written", () => {
  async function refusal(result: Parameters<Module["importGroups"]>[0]): Promise<string> {
    const error = await mod.importGroups(result).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(mod.ImportError);
    return mod.describeImportError(error);
  }

  function nothingWritten(): void {
    expect(g.game.actors.contents).toEqual([]);
    expect(g.game.folders.contents).toEqual([]);
    expect(foundry.notifications.filter((n) => n.progress)).toEqual([]);
  }

  it("an import with an error", async () => {
    const problems: Problem[] = [
      { line: 3, column: "count", code: "WH.X", severity: "warning" },
      { line: 4, column: "Corps", code: "WH.Y", severity: "error" },
    ];
    expect(await refusal({ groups: [band("Gardes")], problems })).toBe(
      "The import still has errors: fix them first. Nothing was created.",
    );
    nothingWritten();
  });

  it("imports despite warnings", async () => {
    await mod.importGroups({
      groups: [band("Gardes")],
      problems: [{ line: 1, column: "Notes", code: "WH.X", severity: "warning" }],
    } as never);
    expect(groupsNamed("Gardes")).toHaveLength(1);
  });

  it("an import with no group", async () => {
    expect(await refusal(clean())).toBe("There is no group to import.");
    nothingWritten();
  });

  it("two groups of the same name", async () => {
    expect(await refusal(clean(band("Gardes"), band("Archers"), band("Gardes")))).toBe(
      "Two groups are named Gardes: give each its own name.",
    );
    nothingWritten();
  });

  it.each(["player", "stranger"] as const)("a %s", async (who) => {
    actAs(who);
    expect(await refusal(clean(band("Gardes")))).toBe("Only a GM can import groups.");
    nothingWritten();
  });

  it("a player, in French", async () => {
    foundry = await startWorld({ lang: "fr" });
    mod = await import("./import-groups");
    actAs("player");
    expect(await refusal(clean(band("Gardes")))).toBe("Seul un MJ peut importer des groupes.");
  });

  it("a second import while one runs", async () => {
    const first = mod.importGroups(clean(band("Gardes")));
    expect(await refusal(clean(band("Archers")))).toBe("An import is already running.");
    await first;
    expect(g.game.actors.contents.map((a) => a.name)).toEqual(["Gardes"]);
  });

  it("an unexpected error reads as one", () => {
    expect(mod.describeImportError(new Error("boom"))).toBe("Unexpected error during the import: boom");
    expect(mod.describeImportError("bang")).toBe("Unexpected error during the import: bang");
  });
});
