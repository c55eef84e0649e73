// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { as, must, roundOf, scriptFaces, wuxiaFighters } from "../../test/support/combat";
import { createCombat, postedMessages, startWorld } from "../../test/support/world";

/**
 * The one chat message of a Wuxia round start (RULES 1.4): every visible combatant's Initiative
 * test, its dice and how its successes went; hidden combatants roll but stay out of it.
 */

beforeEach(async () => {
  await startWorld();
});

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim();

describe("the round summary", () => {
  it("is titled by its round, speaks as the combat and marks each die a success or not", async () => {
    const { linMei, zhao, bandit } = await wuxiaFighters();
    scriptFaces([8, 9, 2, 10, 3, 4, 10, 10, 5]);
    const combat = await createCombat([linMei, zhao, bandit]);
    const message = must(postedMessages()[0]);
    const html = await as("stranger", () => message.renderHTML());
    expect(text(html.querySelector(".wh-round-summary .wh-card__title"))).toBe("Round 1: Initiative tests");
    expect(html.querySelector(".wh-round-summary")?.getAttribute("data-wh-round")).toBe("1");
    const lin = must(html.querySelector(".wh-round-summary__row"));
    expect([...lin.querySelectorAll(".wh-die")].map((d) => d.className)).toEqual([
      "wh-die wh-die--success",
      "wh-die wh-die--success",
      "wh-die wh-die--failure",
    ]);
    const { isRoundSummary } = await import("./summary");
    expect(isRoundSummary(message as never)).toBe(true);
    expect((message as unknown as { alias: string }).alias).toBe("Combat");
    expect(
      (message as unknown as { getFlag(s: string, k: string): unknown }).getFlag("wuxia-harmonies", "roundSummary"),
    ).toEqual({
      combatId: combat.id,
      round: 1,
    });
  });

  it("leaves hidden combatants out, though they roll; with only hidden ones, posts nothing", async () => {
    const { linMei, zhao, bandit } = await wuxiaFighters();
    const combat = await createCombat([linMei, zhao, bandit], { start: false });
    const hidden = must(combat.combatants.contents.find((c) => c.actorId === bandit.id));
    await as("gm", () => hidden.update({ hidden: true } as never));
    scriptFaces([8, 9, 2, 10, 3, 4, 10, 10, 5]);
    await as("gm", () => combat.startCombat());
    const [message] = postedMessages();
    expect(must(message).rolls).toHaveLength(2);
    const html = await as("gm", () => must(message).renderHTML());
    expect([...html.querySelectorAll(".wh-round-summary__name")].map((el) => text(el))).toEqual(["Lin Mei", "Zhao"]);
    expect(roundOf(hidden)).toMatchObject({ round: 1, successes: 2 });
    for (const c of combat.combatants.contents) await as("gm", () => c.update({ hidden: true } as never));
    scriptFaces([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await as("gm", () => combat.nextRound());
    expect([combat.round, postedMessages().length]).toEqual([2, 1]);
  });

  it("is not a test card: no message of another kind counts as a round summary", async () => {
    const Message = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<unknown> } }).ChatMessage;
    const plain = await as("gm", () => Message.create({ content: "The wind rises." }));
    const { isRoundSummary } = await import("./summary");
    expect(isRoundSummary(plain as never)).toBe(false);
  });
});
