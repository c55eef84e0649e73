import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, facesRandom, startWorld } from "../../test/support/world";
import type { DiceSoNiceColorset } from "./dice-so-nice";

/** What this system hands Dice So Nice: its colour sets, and the dice of a reroll for a message's readers. */

let foundry: FoundryDouble;
const GM = "gmUser000000001";

beforeEach(async () => {
  foundry = await startWorld();
});

describe("the Harmonies colour sets", () => {
  it("are named in the reader's language under the system's category, each colour a CSS colour", async () => {
    const added: DiceSoNiceColorset[] = [];
    foundry.Hooks.callAll("diceSoNiceReady", { addColorset: (colorset: DiceSoNiceColorset) => added.push(colorset) });
    const l = (key: string) => foundry.game.i18n.localize(key);
    expect(added.map((c) => [c.description, c.category])).toEqual([
      [l("WH.Dice.DiceSoNice.Plus"), l("WH.Dice.DiceSoNice.Category")],
      [l("WH.Dice.DiceSoNice.Minus"), l("WH.Dice.DiceSoNice.Category")],
    ]);
    for (const colorset of added)
      for (const key of ["foreground", "background", "outline", "edge"] as const)
        expect(colorset[key]).toMatch(/^#[0-9a-f]{6}$/);
    expect(added[0]?.edge).not.toBe(added[1]?.edge);
    expect(added[0]?.outline).not.toBe(added[1]?.outline);
  });
});

describe("showing a reroll's dice", () => {
  interface Shown {
    formula: string;
    user: unknown;
    synchronize: boolean | undefined;
    whisper: string[] | null | undefined;
    blind: boolean | undefined;
    messageId: string | null | undefined;
  }

  async function show(message: { whisper: string[]; blind: boolean; id: string }): Promise<Shown[]> {
    const shown: Shown[] = [];
    (foundry.game as unknown as { dice3d: unknown }).dice3d = {
      addColorset: () => undefined,
      showForRoll: async (
        roll: Roll,
        user?: unknown,
        synchronize?: boolean,
        whisper?: string[] | null,
        blind?: boolean,
        messageId?: string | null,
      ) => {
        shown.push({ formula: roll.formula, user, synchronize, whisper, blind, messageId });
        return true;
      },
    };
    const { showDice } = await import("./dice-so-nice");
    foundry.CONFIG.Dice.randomUniform = facesRandom([4]);
    await showDice(await new Roll("1d10").evaluate(), message as never);
    return shown;
  }

  it("plays them for every reader of a public message, as the user who rolled", async () => {
    actAs("player");
    expect(await show({ whisper: [], blind: false, id: "msg1" })).toEqual([
      { formula: "1d10", user: foundry.game.user, synchronize: true, whisper: null, blind: false, messageId: "msg1" },
    ]);
  });

  it("plays them only to the readers of a whispered message, hidden from its author when blind", async () => {
    expect(await show({ whisper: [GM], blind: true, id: "msg2" })).toMatchObject([
      { whisper: [GM], blind: true, messageId: "msg2" },
    ]);
  });

  it("plays nothing without Dice So Nice", async () => {
    const { showDice } = await import("./dice-so-nice");
    foundry.CONFIG.Dice.randomUniform = facesRandom([4]);
    await expect(
      showDice(await new Roll("1d10").evaluate(), { whisper: [], blind: false, id: "x" } as never),
    ).resolves.toBeUndefined();
  });
});
