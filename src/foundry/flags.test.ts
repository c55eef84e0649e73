import { describe, expect, it } from "vitest";
import { systemFlag } from "./flags";

/** The system's flags are read under its own scope only, as stored. */

function actorWith(flags: unknown) {
  return { documentName: "Actor" as const, flags };
}

describe("systemFlag", () => {
  it("reads the key under the system's scope", () => {
    const mark = { batch: "b1", at: 1700 };
    const actor = actorWith({ "wuxia-harmonies": { created: true, import: mark } });
    expect(systemFlag(actor, "created")).toBe(true);
    expect(systemFlag(actor, "import")).toBe(mark);
  });

  it("gives a stored false or null as it is, not as missing", () => {
    const actor = actorWith({ "wuxia-harmonies": { created: false, attributeRoll: null } });
    expect(systemFlag(actor, "created")).toBe(false);
    expect(systemFlag(actor, "attributeRoll")).toBeNull();
  });

  it("is undefined when the document has no flags, no system scope, or not that key", () => {
    expect(systemFlag(actorWith(undefined), "created")).toBeUndefined();
    expect(systemFlag(actorWith(null), "created")).toBeUndefined();
    expect(systemFlag(actorWith({}), "created")).toBeUndefined();
    expect(systemFlag(actorWith({ "wuxia-harmonies": { archetype: true } }), "created")).toBeUndefined();
  });

  it("does not read another scope's flag of the same key", () => {
    const actor = actorWith({ "some-module": { created: true }, core: { created: true } });
    expect(systemFlag(actor, "created")).toBeUndefined();
  });
});

// Checked by `npm run typecheck`, never run: each line must fail to compile, or tsc reports the
// unused @ts-expect-error.
export function flagReadsTheCompilerRefuses(): unknown[] {
  const actor = actorWith({});
  const item = { documentName: "Item" as const, flags: {} };
  const user = { documentName: "User" as const, flags: {} };
  return [
    // @ts-expect-error "requests" is a User's flag, not an Actor's
    systemFlag(actor, "requests"),
    // @ts-expect-error "created" is an Actor's flag, not an Item's
    systemFlag(item, "created"),
    // @ts-expect-error a misspelt key
    systemFlag(actor, "creatd"),
    // @ts-expect-error "created" is a boolean, not a string
    ((): string | undefined => systemFlag(actor, "created"))(),
    // @ts-expect-error "Scene" has no system flags
    systemFlag({ documentName: "Scene" as const, flags: {} }, "created"),
    // The right kind's key compiles, and is typed as stored.
    systemFlag(user, "requests")?.["some-id"]?.action satisfies string | undefined,
    systemFlag(item, "lastPurchase")?.level satisfies number | undefined,
  ];
}

// Checked by `npm run typecheck`, never run: FlagConfig (src/types/foundry-config.d.ts) types the
// system's scope of every document's flags from SystemFlags.
export function flagWritesTheCompilerChecks(actor: Actor.Implementation, item: Item.Implementation): unknown[] {
  return [
    actor.update({ flags: { "wuxia-harmonies": { created: true } } }),
    actor.update({ flags: { "wuxia-harmonies": { beginnerPackage: { metier: "Barde", hobbies: [] } } } }),
    item.update({ flags: { "wuxia-harmonies": { lastPurchase: { level: 2, xp: 10 } } } }),
    // @ts-expect-error `created` is a boolean
    actor.update({ flags: { "wuxia-harmonies": { created: "yes" } } }),
    // @ts-expect-error an Actor has no such flag
    actor.update({ flags: { "wuxia-harmonies": { createdd: true } } }),
    // @ts-expect-error "created" is an Actor's flag, not an Item's
    item.update({ flags: { "wuxia-harmonies": { created: true } } }),
    // @ts-expect-error a level is a number
    item.update({ flags: { "wuxia-harmonies": { lastPurchase: { level: "2", xp: 10 } } } }),
  ];
}
