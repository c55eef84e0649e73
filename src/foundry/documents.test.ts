import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDialogContext, isGroup, isItemOfType } from "./documents";

/** The narrowing guards read the document's type, and nothing else. */

const ITEM_TYPES = [
  "wuxiaSkill",
  "wuxiaPower",
  "wuxiaTrait",
  "wuxiaDrame",
  "wuxiaWeapon",
  "wuxiaArmour",
  "harmoniesSkill",
  "harmoniesMetier",
  "harmoniesHobby",
  "harmoniesWeapon",
  "harmoniesArmour",
] as const satisfies readonly Item.SubType[];

function actorOf(type: string): Actor.Implementation {
  return { type } as never;
}

function itemOf(type: string): Item.Implementation {
  return { type } as never;
}

describe("isGroup", () => {
  it("is true for a group and false for a character", () => {
    expect(isGroup(actorOf("group"))).toBe(true);
    expect(isGroup(actorOf("wuxiaCharacter"))).toBe(false);
    expect(isGroup(actorOf("harmoniesCharacter"))).toBe(false);
    expect(isGroup(actorOf("Group"))).toBe(false);
  });
});

describe("isItemOfType", () => {
  it("is true for a listed type and false for another", () => {
    expect(isItemOfType(itemOf("wuxiaSkill"), ["wuxiaSkill", "wuxiaPower"])).toBe(true);
    expect(isItemOfType(itemOf("wuxiaPower"), ["wuxiaSkill", "wuxiaPower"])).toBe(true);
    expect(isItemOfType(itemOf("harmoniesSkill"), ["wuxiaSkill", "wuxiaPower"])).toBe(false);
  });

  it("matches whole type names only: no prefix, no other case, nothing for an empty list", () => {
    expect(isItemOfType(itemOf("wuxiaSkil"), ["wuxiaSkill"])).toBe(false);
    expect(isItemOfType(itemOf("wuxiaSkillX"), ["wuxiaSkill"])).toBe(false);
    expect(isItemOfType(itemOf("WuxiaSkill"), ["wuxiaSkill"])).toBe(false);
    expect(isItemOfType(itemOf("wuxiaSkill"), [])).toBe(false);
  });

  it("is true exactly when the item's type is among those listed, for any type", () => {
    const type = fc.oneof(fc.constantFrom(...ITEM_TYPES), fc.string());
    fc.assert(
      fc.property(type, fc.subarray([...ITEM_TYPES]), (itemType, listed) => {
        expect(isItemOfType(itemOf(itemType), listed)).toBe((listed as readonly string[]).includes(itemType));
      }),
    );
  });
});

describe("createDialogContext", () => {
  it("keeps the context's other keys and offers only the types given", () => {
    const context = { folder: "f1", pack: "world.items", types: ["wuxiaSkill", "wuxiaPower"] };
    expect(createDialogContext(context, ["harmoniesSkill"])).toEqual({
      folder: "f1",
      pack: "world.items",
      types: ["harmoniesSkill"],
    });
  });

  it("leaves the caller's context as it was", () => {
    const context = { folder: "f1", types: ["wuxiaSkill"] };
    const made = createDialogContext(context, ["harmoniesSkill"]);
    expect(made).not.toBe(context);
    expect(context).toEqual({ folder: "f1", types: ["wuxiaSkill"] });
  });

  it("makes a context of the types alone when given none", () => {
    expect(createDialogContext<{ types?: string[] }>(undefined, ["group"])).toEqual({ types: ["group"] });
  });
});
