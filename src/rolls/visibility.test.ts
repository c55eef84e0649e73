// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { actAs, facesRandom, harmoniesHero, startWorld, type Generation } from "../../test/support/world";
import { VISIBILITIES, type Visibility } from "./visibility";

const GM = "gmUser000000001";
const PLAYER = "player000000001";

interface Posted {
  whisper: string[];
  blind: boolean;
  renderHTML(): Promise<HTMLElement>;
}

describe.each([13, 14] as Generation[])("roll visibility on Foundry v%i", (generation) => {
  const userMode = (v: Visibility) =>
    generation >= 14 ? v : ({ public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" } as const)[v];

  it("reads the user's choice from the setting of this version", async () => {
    const foundry = await startWorld({ generation });
    const { currentVisibility } = await import("./visibility");
    for (const v of VISIBILITIES) {
      await foundry.game.settings.set("core", generation >= 14 ? "messageMode" : "rollMode", userMode(v));
      expect(currentVisibility()).toBe(v);
    }
  });

  it.each([
    ["public", [], false],
    ["gm", [GM], false],
    ["blind", [GM], true],
    ["self", [GM], false],
  ] as [Visibility, string[], boolean][])(
    "applies %s through the version's core helper",
    async (visibility, whisper, blind) => {
      await startWorld({ generation });
      const { applyVisibility } = await import("./visibility");
      expect(applyVisibility({ whisper: [], blind: false }, visibility)).toEqual({ whisper, blind });
    },
  );

  it("never posts a GM's private roll publicly: the player sees only that it was rolled", async () => {
    const foundry = await startWorld({ generation });
    await foundry.game.settings.set("core", generation >= 14 ? "messageMode" : "rollMode", userMode("gm"));
    const actor = await harmoniesHero();
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const { rollActor } = await import("./pipeline");
    const message = (await rollActor(actor, { dialog: false })) as unknown as Posted;
    expect(message.whisper).toContain(GM);
    expect(message.whisper).not.toContain(PLAYER);
    expect(message.blind).toBe(false);

    actAs("player");
    const html = await message.renderHTML();
    expect(html.textContent).toContain(foundry.game.i18n.localize("WH.Chat.Private"));
    expect(html.querySelector(".wh-dice, .wh-difference, .wh-card__title")).toBeNull();
    expect(html.textContent).not.toContain("David");
  });

  it("keeps a blind roll from its own author", async () => {
    const foundry = await startWorld({ generation, isGM: false });
    const actor = await harmoniesHero();
    foundry.CONFIG.Dice.randomUniform = facesRandom([8, 2]);
    const { rollActor } = await import("./pipeline");
    const message = (await rollActor(actor, { dialog: false, values: { visibility: "blind" } })) as unknown as Posted;
    expect(message).toMatchObject({ whisper: [GM], blind: true });
    expect((await message.renderHTML()).querySelector(".wh-difference")).toBeNull();
  });

  it("still whispers when the core helper is missing", async () => {
    await startWorld({ generation });
    const statics = ChatMessage as unknown as Record<string, unknown>;
    delete statics.applyMode;
    delete statics.applyRollMode;
    const { applyVisibility } = await import("./visibility");
    expect(applyVisibility({}, "gm")).toEqual({ whisper: [GM], blind: false });
    expect(applyVisibility({}, "blind")).toEqual({ whisper: [GM], blind: true });
    expect(applyVisibility({ whisper: [PLAYER], blind: true }, "public")).toEqual({ whisper: [], blind: false });
    expect(applyVisibility({ whisper: [PLAYER, GM], blind: true }, "self")).toEqual({ whisper: [GM], blind: false });
    expect(applyVisibility({ whisper: [PLAYER] }, "blind")).toEqual({ whisper: [GM], blind: true });
  });

  it("uses only this version's own API: no deprecation warning", async () => {
    const foundry = await startWorld({ generation });
    const { applyVisibility, currentVisibility } = await import("./visibility");
    currentVisibility();
    for (const v of VISIBILITIES) applyVisibility({}, v);
    expect(foundry.compatibilityWarnings).toEqual([]);
  });
});
