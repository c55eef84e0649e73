// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { click } from "../../test/support/cards";
import { as, harmoniesFight, must, scriptFaces, woundsOf } from "../../test/support/combat";
import { postedMessages, startWorld, type PostedMessage, type Seat } from "../../test/support/world";

/**
 * The Harmonies attack card as each reader's chat log draws it, and clicked there (RULES 2.4–2.5):
 * the defender's owner parries, dodges or takes the hit, then soaks; everyone reads what came of it.
 */

beforeEach(async () => {
  document.body.innerHTML = "";
  await startWorld();
});

type World = Awaited<ReturnType<typeof harmoniesFight>>;

async function shot(world: World, faces: readonly number[] = [5, 6]): Promise<PostedMessage> {
  const { harmoniesAttackWith } = await import("./harmonies-attack");
  scriptFaces(faces);
  await as("player", () =>
    harmoniesAttackWith(world.david, world.sling, world.goliath, { dialog: false, values: { difficulty: -4 } }),
  );
  return must(postedMessages().at(-1));
}

async function cardFor(who: Seat, message: PostedMessage): Promise<HTMLElement> {
  const html = await as(who, () => message.renderHTML());
  document.body.replaceChildren(html);
  return html;
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim();
const buttons = (html: HTMLElement) =>
  [...html.querySelectorAll<HTMLButtonElement>("[data-wh-attack]")].map((b) => [b.dataset.whAttack, text(b)]);

describe("the Harmonies attack card", () => {
  it("offers the defender's owner to parry at the attack's difficulty or take the hit; the others wait", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    const gm = await cardFor("gm", message);
    expect(text(gm.querySelector(".wh-attack__lead .wh-card__title"))).toBe("David attacks Goliath with Lance-pierre");
    expect(buttons(gm)).toEqual([
      ["parry", "Parry or dodge (difficulty −4)"],
      ["take", "Take the hit"],
    ]);
    for (const who of ["player", "stranger"] as const) {
      const html = await cardFor(who, message);
      expect([text(html.querySelector(".wh-attack__waiting")), buttons(html)]).toEqual([
        "Waiting for Goliath's defence.",
        [],
      ]);
    }
  });

  it("takes the hit and soaks from the card's buttons; the soak is the victim's owner's only", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    await as("gm", async () => click((await cardFor("gm", message)).querySelector("[data-wh-attack=take]")));
    await vi.waitFor(async () =>
      expect(buttons(await cardFor("gm", message))).toEqual([
        ["soak", "Soak (Body + Resistance + armour 0 − damage 0)"],
      ]),
    );
    const player = await cardFor("player", message);
    expect([text(player.querySelector(".wh-attack .wh-banner.wh-outcome")), buttons(player)]).toEqual([
      "Hit: damage 0",
      [],
    ]);
    expect(player.querySelector(".wh-outcome--success")).not.toBeNull();
    // Who took the hit, and what the damage is made of: David's sling is a missile weapon.
    expect(text(player.querySelector(".wh-attack__taken"))).toBe("Goliath took the hit, without parrying or dodging.");
    expect(text(player.querySelector(".wh-attack__damage"))).toBe(
      "Damage: weapon 0 = 0 (a missile weapon adds no strength)",
    );
    // Until the soak is rolled, no card is titled as one, and the attack's difficulty is its own.
    expect([...player.querySelectorAll("[data-wh-card] .wh-card__title")].map((el) => text(el))).toEqual(["Fronde"]);
    expect(text(player.querySelector("[data-wh-card] .wh-card__details"))).toContain("Difficulty −4");
    // Cp + Rs +6, closed: 1 − 10 = −9 → −3, stunned.
    scriptFaces([1, 10]);
    await as("gm", async () => click((await cardFor("gm", message)).querySelector("[data-wh-attack=soak]")));
    await vi.waitFor(() => expect(woundsOf(world.goliath).stunned).toBe(true));
    const after = await cardFor("stranger", message);
    expect([text(after.querySelector(".wh-attack__soak")), buttons(after)]).toEqual([
      "Stunned: −1 to all actions during the next round (soak −3)",
      [],
    ]);
    // The soak's own card says it is the soak, and writes its difficulty as armour − damage.
    const soak = [...after.querySelectorAll("[data-wh-card]")].at(-1);
    expect(text(soak?.querySelector(".wh-card__title"))).toBe("Soak: Body + Resistance");
    const terms = [...(soak?.querySelectorAll(".wh-card__details > li") ?? [])].map((li) => text(li));
    expect(terms).toEqual(["Body +3", "Resistance +3", "Armour 0 − damage 0 = 0", "Modifier +6"]);
  });

  it("offers the check a grave wound calls for to the victim's owner only, right on the card", async () => {
    // Goliath with Cp 0 and Rs 0: soak 0 + (1 − 9) = −8, a grave wound (RULES 2.5).
    const world = await harmoniesFight(
      {},
      { characteristics: { corps: { value: 0 } }, means: { resistance: { value: 0 } } },
    );
    const message = await shot(world);
    await as("gm", async () => click((await cardFor("gm", message)).querySelector("[data-wh-attack=take]")));
    await vi.waitFor(async () => expect(buttons(await cardFor("gm", message))[0]?.[0]).toBe("soak"));
    scriptFaces([1, 9]);
    await as("gm", async () => click((await cardFor("gm", message)).querySelector("[data-wh-attack=soak]")));
    await vi.waitFor(() => expect(woundsOf(world.goliath).grave).toBe(1));
    const gm = await cardFor("gm", message);
    expect(text(gm.querySelector(".wh-attack__soak"))).toBe("A grave wound (soak −8)");
    expect(buttons(gm).map(([action]) => action)).toEqual(["sudden-action"]);
    for (const who of ["player", "stranger"] as const) expect(buttons(await cardFor(who, message))).toEqual([]);
    const before = postedMessages().length;
    scriptFaces([9, 1]);
    await as("gm", () => click(gm.querySelector("[data-wh-attack=sudden-action]")));
    await vi.waitFor(() => expect(postedMessages().length).toBe(before + 1));
    const check = await cardFor("player", must(postedMessages().at(-1)));
    expect(check.querySelector(".wh-wound-check .wh-outcome")).not.toBeNull();
  });

  it("writes the damage as the sum it is for a weapon that adds the attacker's strength", async () => {
    const world = await harmoniesFight();
    await as("gm", () =>
      world.david.update({
        system: { characteristics: { corps: { value: 2 } }, means: { puissance: { value: 1 } } },
      } as never),
    );
    await as("gm", () => world.sling.update({ system: { range: "melee", damage: 3 } } as never));
    const message = await shot(world, [9, 1]);
    // Goliath parries and fails (1 − 10), then soaks the 6: the soak is the third card, not the parry.
    const { harmoniesDefend, harmoniesSoak } = await import("./harmonies-attack");
    scriptFaces([1, 10]);
    await as("gm", () => harmoniesDefend(message as never, { characteristic: "agilite", means: "resistance" }));
    expect(text((await cardFor("player", message)).querySelector(".wh-attack__damage"))).toBe(
      "Damage: Body +2 + Power +1 + weapon +3 = 6",
    );
    scriptFaces([5, 5]);
    await as("gm", () => harmoniesSoak(message as never));
    const html = await cardFor("player", message);
    const cards = [...html.querySelectorAll("[data-wh-card]")];
    expect(cards.map((card) => text(card.querySelector(".wh-card__title")))).toEqual([
      "Fronde",
      "Agility + Resistance",
      "Soak: Body + Resistance",
    ]);
    const terms = [...(cards[2]?.querySelectorAll(".wh-card__details > li") ?? [])].map((li) => text(li));
    expect(terms).toContain("Armour 0 − damage 6 = −6");
  });

  it("says a miss or a parry in words, with the failure's colour and no soak", async () => {
    const world = await harmoniesFight();
    // A failed attack has missed at once: the defender's owner is offered nothing to parry or take.
    const missed = await shot(world, [1, 9]);
    expect(text((await cardFor("player", missed)).querySelector(".wh-attack .wh-outcome"))).toBe("David missed");
    const html = await cardFor("gm", missed);
    expect([html.querySelector(".wh-outcome--failure") !== null, buttons(html)]).toEqual([true, []]);
    expect(html.querySelector(".wh-attack__waiting")).toBeNull();
  });

  it("draws no attack part under a roll the system could not have made", async () => {
    const world = await harmoniesFight();
    const message = await shot(world);
    const forged = structuredClone(message.rolls[0]?.toJSON()) as unknown as {
      terms: { results?: { result: number }[] }[];
    };
    must(must(forged.terms.find((t) => t.results)).results?.[0]).result = 11;
    await as("gm", () => (message as unknown as { update(d: object): Promise<unknown> }).update({ rolls: [forged] }));
    const html = await cardFor("gm", message);
    expect([html.querySelector(".wh-attack"), buttons(html)]).toEqual([null, []]);
  });
});

describe("what a soak did, in words", () => {
  it("names the wound rolled and the level it took, in both languages", async () => {
    const { soakText } = await import("./harmonies-attack-card");
    const said = () => [
      soakText({ margin: 2, severity: "none", placed: null }),
      soakText({ margin: -5, severity: "light", placed: "light" }),
      soakText({ margin: -8, severity: "grave", placed: null }),
      soakText({ margin: -11, severity: "critical", placed: "fatal" }),
      soakText({ margin: -5, severity: "light", placed: "critical" }),
    ];
    expect(said()).toEqual([
      "Absorbed (soak +2)",
      "A light wound (soak −5)",
      "A grave wound (soak −8)",
      "A critical wound with no free level left: fatal (soak −11)",
      "A light wound, aggravated to a critical wound: its track is full (soak −5)",
    ]);
    await startWorld({ lang: "fr" });
    const { soakText: fr } = await import("./harmonies-attack-card");
    expect(fr({ margin: -5, severity: "light", placed: "grave" })).toBe(
      "Une blessure légère, aggravée en blessure grave : ses cases sont pleines (encaissement −5)",
    );
  });
});
