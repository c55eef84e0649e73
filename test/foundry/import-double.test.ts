import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, type FoundryDouble } from "./install";

/** Pins the double's folders, batch writes and progress notifications, which the group import relies on. */

type AnyObject = Record<string, unknown>;
interface Doc {
  id: string;
  name: string;
  type: string;
  folder: Doc | null;
  contents: Doc[];
  toObject(): AnyObject;
  update(changes: AnyObject): Promise<unknown>;
  delete(): Promise<unknown>;
}
interface DocClass {
  create(data: AnyObject): Promise<Doc>;
  createDocuments(data: AnyObject[]): Promise<Doc[]>;
  updateDocuments(updates: AnyObject[]): Promise<Doc[]>;
  deleteDocuments(ids: string[]): Promise<Doc[]>;
}

let foundry: FoundryDouble;
const g = globalThis as unknown as {
  Folder: DocClass;
  Actor: DocClass;
  ChatMessage: DocClass;
  game: { folders: Map<string, Doc>; actors: Map<string, Doc>; user: unknown; users: { contents: unknown[] } };
  ui: { notifications: { info(message: string, options?: AnyObject): { update?(change: AnyObject): void } } };
};

function actAs(index: 0 | 1 | 2): void {
  g.game.user = g.game.users.contents[index];
}

beforeEach(() => {
  foundry = installFoundry();
});

describe("folders", () => {
  it("a GM creates an Actor folder, held in game.folders", async () => {
    const folder = await g.Folder.create({ name: "Import", type: "Actor" });
    expect(g.game.folders.get(folder.id)).toBe(folder);
    expect(folder.type).toBe("Actor");
    expect(folder.name).toBe("Import");
  });

  it("a player may not create one", async () => {
    actAs(1);
    await expect(g.Folder.create({ name: "Mine", type: "Actor" })).rejects.toThrow(/lacks permission to create Folder/);
    expect(g.game.folders.size).toBe(0);
  });

  it("an actor created in a folder reads it, keeps its id in the source, and is among its contents", async () => {
    const folder = await g.Folder.create({ name: "Import", type: "Actor" });
    const actor = await g.Actor.create({ name: "Gardes", type: "base", folder: folder.id });
    const loose = await g.Actor.create({ name: "Seul", type: "base" });
    expect(actor.folder).toBe(folder);
    expect(actor.toObject().folder).toBe(folder.id);
    expect(loose.folder).toBeNull();
    expect(loose.toObject().folder).toBeNull();
    expect(folder.contents).toEqual([actor]);
  });

  it("an update moves an actor out of its folder", async () => {
    const folder = await g.Folder.create({ name: "Import", type: "Actor" });
    const actor = await g.Actor.create({ name: "Gardes", type: "base", folder: folder.id });
    await actor.update({ folder: null });
    expect(actor.folder).toBeNull();
    expect(folder.contents).toEqual([]);
  });

  it("a deleted folder is gone; its actors stay, in no folder", async () => {
    const folder = await g.Folder.create({ name: "Import", type: "Actor" });
    const actor = await g.Actor.create({ name: "Gardes", type: "base", folder: folder.id });
    await folder.delete();
    expect(g.game.folders.size).toBe(0);
    expect(g.game.actors.get(actor.id)).toBe(actor);
    expect(actor.folder).toBeNull();
  });

  it("a chat message has no folder field", async () => {
    const message = await g.ChatMessage.create({ content: "x" });
    expect(message.toObject()).not.toHaveProperty("folder");
  });
});

describe("batch writes", () => {
  it("updateDocuments updates each document its change names by _id", async () => {
    const [a, b] = await g.Actor.createDocuments([
      { name: "A", type: "base" },
      { name: "B", type: "base" },
    ]);
    const updated = await g.Actor.updateDocuments([
      { _id: a?.id, name: "A2" },
      { _id: b?.id, name: "B2" },
    ]);
    expect(updated.map((d) => d.name)).toEqual(["A2", "B2"]);
    expect(g.game.actors.get(String(a?.id))?.name).toBe("A2");
  });

  it("updateDocuments with an unknown id rejects before writing anything", async () => {
    const a = await g.Actor.create({ name: "A", type: "base" });
    await expect(
      g.Actor.updateDocuments([
        { _id: a.id, name: "A2" },
        { _id: "nope", name: "X" },
      ]),
    ).rejects.toThrow(/does not exist/);
    expect(a.name).toBe("A");
  });

  it("a player's batch update of an actor they do not own is refused", async () => {
    const a = await g.Actor.create({ name: "A", type: "base" });
    actAs(2);
    await expect(g.Actor.updateDocuments([{ _id: a.id, name: "Mine" }])).rejects.toThrow(/lacks permission to update/);
    expect(a.name).toBe("A");
  });

  it("deleteDocuments deletes the documents named, skipping those already gone", async () => {
    const [a, b] = await g.Actor.createDocuments([
      { name: "A", type: "base" },
      { name: "B", type: "base" },
    ]);
    const deleted = await g.Actor.deleteDocuments([String(a?.id), "gone"]);
    expect(deleted).toEqual([a]);
    expect([...g.game.actors.keys()]).toEqual([b?.id]);
  });

  it("a player may not delete a GM's actors in a batch", async () => {
    const a = await g.Actor.create({ name: "A", type: "base" });
    actAs(1);
    await expect(g.Actor.deleteDocuments([a.id])).rejects.toThrow(/lacks permission to delete/);
    expect(g.game.actors.size).toBe(1);
  });
});

describe("notifications with a progress bar", () => {
  it("update moves the bar and may change the message", () => {
    const bar = g.ui.notifications.info("Starting", { progress: true });
    bar.update?.({ pct: 0.5, message: "Half" });
    bar.update?.({ pct: 1 });
    expect(foundry.notifications).toEqual([
      {
        level: "info",
        message: "Half",
        progress: [
          { pct: 0.5, message: "Half" },
          { pct: 1, message: "Half" },
        ],
      },
    ]);
  });

  it("a plain notification has no bar", () => {
    const shown = g.ui.notifications.info("Hello");
    expect(shown.update).toBeUndefined();
    expect(foundry.notifications).toEqual([{ level: "info", message: "Hello" }]);
  });
});
