import { beforeEach, describe, expect, it } from "vitest";
import { startSystem } from "../../test/support/start-system";

type Started = Awaited<ReturnType<typeof startSystem>>;

describe("creation dialogs follow the rule sets played", () => {
  let started: Started;
  beforeEach(async () => {
    started = await startSystem();
  });

  const offered = (documentName: string) => {
    const calls = (
      started.foundry.CONFIG[documentName] as { documentClass: { createDialogCalls: { types: string[] }[] } }
    ).documentClass.createDialogCalls;
    return calls.at(-1)?.types;
  };

  it("offers every type when both rule sets are played (the default)", async () => {
    await started.Actor.createDialog();
    expect(offered("Actor")).toEqual(["wuxiaCharacter", "harmoniesCharacter", "group"]);
    const Item = started.foundry.CONFIG.Item.documentClass as unknown as { createDialog(): Promise<unknown> };
    await Item.createDialog();
    expect(offered("Item")).toHaveLength(11);
  });

  it("offers only Wuxia's types (and groups) in a Wuxia world", async () => {
    await started.foundry.game.settings.set("wuxia-harmonies", "rulesets", "wuxia");
    await started.Actor.createDialog();
    expect(offered("Actor")).toEqual(["wuxiaCharacter", "group"]);
    const Item = started.foundry.CONFIG.Item.documentClass as unknown as { createDialog(): Promise<unknown> };
    await Item.createDialog();
    expect(offered("Item")).toEqual([
      "wuxiaSkill",
      "wuxiaPower",
      "wuxiaTrait",
      "wuxiaDrame",
      "wuxiaWeapon",
      "wuxiaArmour",
    ]);
  });

  it("offers only Harmonies' types in a Harmonies world, within what the caller asked for", async () => {
    await started.foundry.game.settings.set("wuxia-harmonies", "rulesets", "harmonies");
    await started.Actor.createDialog({}, {}, { types: ["wuxiaCharacter", "harmoniesCharacter"] });
    expect(offered("Actor")).toEqual(["harmoniesCharacter"]);
    await started.Actor.createDialog({}, {}, { types: ["wuxiaCharacter"] });
    expect(offered("Actor")).toEqual(["wuxiaCharacter"]);
  });

  it("sets the token bars: wounds, chi and panic for Wuxia; none for Harmonies, whose wound track is worked out", () => {
    const trackable = started.foundry.CONFIG.Actor.trackableAttributes as Record<string, { bar: string[] }>;
    expect(trackable.wuxiaCharacter?.bar).toEqual(["wounds", "chi", "panic"]);
    expect(trackable.harmoniesCharacter?.bar).toEqual([]);
  });
});
