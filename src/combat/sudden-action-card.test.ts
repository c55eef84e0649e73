// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../../test/foundry/clients";
import { settle } from "../../test/support/dom";
import { harmoniesFight, harmoniesHitAndSoak, must, scriptFaces, woundsOf } from "../../test/support/combat";
import { postedMessages, seatUser, startWorld, type PostedMessage, type Seat } from "../../test/support/world";

/**
 * A grave wound taken on a Harmonies attack card offers its owner the sudden-action check
 * (Cp + Rs, RULES 2.5) on that card, as the sheet does. David (the player's) slings at Goliath
 * (the GM's), whose light track is full: the light wound becomes grave.
 */

beforeEach(async () => {
  await startWorld();
});

async function graveWoundCard(): Promise<{ message: PostedMessage; goliath: Actor.Implementation }> {
  // Goliath at Cp 0, Rs 0 here, so that a closed soak can wound him.
  const world = await harmoniesFight(
    { light: 4 },
    { characteristics: { corps: { value: 0 } }, means: { resistance: { value: 0 } } },
  );
  // Soak Cp 0 + Rs 0 − damage 0: 1 − 7 = −6, a light wound, aggravated to grave (the light track is full).
  const message = await harmoniesHitAndSoak(world, [1, 7]);
  return { message, goliath: world.goliath };
}

const button = async (who: Seat, message: PostedMessage) =>
  (await asClient(seatUser(who), () => message.renderHTML())).querySelector<HTMLButtonElement>(
    "[data-wh-attack=sudden-action]",
  );

describe("the sudden-action check on a Harmonies attack card", () => {
  it("is offered to the victim's owner only, after a grave wound, and rolls Cp + Rs on a click", async () => {
    const { message, goliath } = await graveWoundCard();
    expect(woundsOf(goliath)).toMatchObject({ light: 4, grave: 1 });
    expect(await button("player", message)).toBeNull();
    expect(await button("stranger", message)).toBeNull();
    const html = await asClient(seatUser("gm"), () => message.renderHTML());
    const click = must(html.querySelector<HTMLButtonElement>("[data-wh-attack=sudden-action]"));
    expect(click.textContent).toBe("Sudden action (grave wound: Body + Resistance)");
    const before = postedMessages().length;
    scriptFaces([9, 2]);
    await asClient(seatUser("gm"), async () => {
      click.click();
      await settle();
    });
    const check = must(postedMessages().at(-1));
    expect(postedMessages()).toHaveLength(before + 1);
    const state = (check.rolls[0] as unknown as { state: { characteristic: string; means: string } }).state;
    expect(state).toMatchObject({ characteristic: "corps", means: "resistance" });
    expect(woundsOf(goliath)).toMatchObject({ grave: 1, critical: 0 });
  });
});
