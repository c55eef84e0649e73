// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { click, settle } from "../../test/support/cards";
import {
  as,
  must,
  reserveOf,
  roundOf,
  scriptFaces,
  wuxiaAttack,
  wuxiaAttackFight,
  wuxiaDefend,
  type WuxiaAttackWorld,
} from "../../test/support/combat";
import { postedMessages, startWorld, type PostedMessage, type Seat } from "../../test/support/world";

/**
 * The Wuxia attack card as each reader's chat log draws it, and clicked there (RULES 1.4): the
 * defence form for the defender's owner, the resolution for everyone, the investment buttons for
 * the attacker's owner, "Apply damage" for it and the GM.
 */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

/** The card as this seat's chat log draws it, in the page so that clicks reach its listeners. */
async function cardFor(who: Seat, message: PostedMessage): Promise<HTMLElement> {
  const html = await as(who, () => message.renderHTML());
  document.body.replaceChildren(html);
  return html;
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim();
const buttons = (html: HTMLElement) =>
  [...html.querySelectorAll<HTMLButtonElement>("[data-wh-attack]")].map((b) => b.dataset.whAttack);

/** The Bandit (Feu 3, a sabre of ND 2) attacks Lin Mei, the player's: 10 10 4, two successes. */
async function banditAttacks(world: WuxiaAttackWorld): Promise<PostedMessage> {
  const [sabre] = (await as("gm", () =>
    world.bandit.createEmbeddedDocuments("Item", [
      { name: "Sabre", type: "wuxiaWeapon", system: { damage: 2 } },
    ] as never),
  )) as Item.Implementation[];
  const { attackWith } = await import("./attack");
  scriptFaces([10, 10, 4]);
  await as("gm", () => attackWith(world.bandit, must(sabre), world.linMei, { dialog: false }));
  return must(postedMessages().at(-1));
}

async function typeIn(html: HTMLElement, name: string, value: string): Promise<void> {
  const input = must(html.querySelector<HTMLInputElement>(`[name=${name}]`));
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("the defence form", () => {
  it("offers the defender's owner the dice it holds, and nobody else a form", async () => {
    const world = await wuxiaAttackFight({ bandit: { attributes: { metal: 3, terre: 2, feu: 3 } } });
    const { combatRequests } = await import("./requests");
    await as("gm", () => combatRequests.adjustPool(world.combat, "defense", "up", world.lin));
    await as("gm", () => combatRequests.adjustPool(world.combat, "friendly", "up"));
    const message = await banditAttacks(world);
    const html = await cardFor("player", message);
    expect(text(html.querySelector(".wh-attack__lead .wh-card__title"))).toBe("Bandit attacks Lin Mei with Sabre");
    // Who attacks whom with what leads the card, above the rolls; what follows them comes after.
    const content = must(html.querySelector(".message-content"));
    expect(content.firstElementChild?.classList.contains("wh-attack__lead")).toBe(true);
    expect(content.lastElementChild?.classList.contains("wh-attack")).toBe(true);
    expect(text(html.querySelector(".wh-attack__waiting"))).toBe("Waiting for Lin Mei's defence.");
    const fields = [...html.querySelectorAll<HTMLLabelElement>(".wh-attack__field")].map((label) => {
      const input = must(label.querySelector("input"));
      return [text(label), input.name, input.min, input.max, input.value];
    });
    expect(fields).toEqual([
      ["Defense dice (of 1)", "defenseDice", "0", "1", "0"],
      ["Group reserve dice (of 1)", "reserve", "0", "1", "0"],
    ]);
    expect(buttons(html)).toEqual(["defend"]);
    expect(text(html.querySelector("[data-wh-attack=defend]"))).toBe("Defend (Earth, SR 10)");
    const stranger = await cardFor("stranger", message);
    expect([stranger.querySelector(".wh-attack__defence"), buttons(stranger)]).toEqual([null, []]);
    expect(text(stranger.querySelector(".wh-attack__waiting"))).toBe("Waiting for Lin Mei's defence.");
  });

  it("defends with the dice typed in when Defend is clicked: they leave the row and the side", async () => {
    const world = await wuxiaAttackFight({ bandit: { attributes: { metal: 3, terre: 2, feu: 3 } } });
    const { combatRequests } = await import("./requests");
    for (let i = 0; i < 2; i++)
      await as("gm", () => combatRequests.adjustPool(world.combat, "defense", "up", world.lin));
    await as("gm", () => combatRequests.adjustPool(world.combat, "friendly", "up"));
    const message = await banditAttacks(world);
    const html = await cardFor("player", message);
    await typeIn(html, "defenseDice", "1");
    await typeIn(html, "reserve", "1");
    // Lin Mei's Terre 4 without a combat skill: one 10, one success.
    scriptFaces([10, 2, 2, 2]);
    await as("player", () => click(html.querySelector("[data-wh-attack=defend]")));
    await vi.waitFor(() => expect(message.rolls).toHaveLength(2));
    expect([roundOf(world.lin).defenseDice, reserveOf(world.combat).friendly]).toEqual([1, 0]);
    const after = await cardFor("stranger", message);
    expect(after.querySelector(".wh-attack__score")).toBeNull();
    expect(text(after.querySelector(".wh-attack .wh-banner.wh-outcome"))).toBe(
      "Parried by Lin Mei — 2 − 2 cancelled = 0 against 1",
    );
    expect(after.querySelector(".wh-attack .wh-outcome--failure")).not.toBeNull();
  });

  it("gives the Defend button back and says why when the GM refuses the defence", async () => {
    const world = await wuxiaAttackFight({ bandit: { attributes: { metal: 3, terre: 2, feu: 3 } } });
    const { combatRequests } = await import("./requests");
    await as("gm", () => combatRequests.adjustPool(world.combat, "defense", "up", world.lin));
    const message = await banditAttacks(world);
    const html = await cardFor("player", message);
    await typeIn(html, "defenseDice", "1");
    // The GM takes the die back while the card is open: the defence asks for a die no longer held.
    await as("gm", () => combatRequests.adjustPool(world.combat, "defense", "down", world.lin));
    scriptFaces([10, 2, 2, 2]);
    const defend = must(html.querySelector<HTMLButtonElement>("[data-wh-attack=defend]"));
    await as("player", () => click(defend));
    await vi.waitFor(() => expect(defend.disabled).toBe(false));
    expect(foundry.notifications.at(-1)).toMatchObject({ level: "error", message: "Lin Mei has only 0 Defense dice." });
    expect(message.rolls).toHaveLength(1);
  });
});

describe("what the card leaves out", () => {
  it("leads with the attacker's portrait and the weapon's icon; the attacker's roll does not name her again, the defender's does", async () => {
    const world = await wuxiaAttackFight();
    await as("player", () => world.arc.update({ img: "icons/weapons/bows/longbow.webp" } as never));
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message);
    const html = await cardFor("stranger", message);
    const lead = must(html.querySelector(".wh-attack__lead"));
    expect([
      lead.querySelector<HTMLImageElement>(".wh-attack__portrait")?.getAttribute("src"),
      lead.querySelector<HTMLImageElement>(".wh-attack__icon")?.getAttribute("src"),
      lead.querySelector<HTMLImageElement>("img")?.alt,
    ]).toEqual([world.linMei.img, "icons/weapons/bows/longbow.webp", ""]);
    expect(text(html.querySelector(".message-header .message-sender"))).toBe("Lin Mei");
    expect([...html.querySelectorAll(".wh-card__actor")].map((el) => text(el))).toEqual(["Bandit"]);
  });

  it("draws no field for a pool with nothing in it: the defender with no dice sees only Defend", async () => {
    const world = await wuxiaAttackFight({ bandit: { attributes: { metal: 3, terre: 2, feu: 3 } } });
    const message = await banditAttacks(world);
    const html = await cardFor("player", message);
    expect([html.querySelectorAll(".wh-attack__defence input").length, buttons(html)]).toEqual([0, ["defend"]]);
    const { combatRequests } = await import("./requests");
    await as("gm", () => combatRequests.adjustPool(world.combat, "friendly", "up"));
    const again = await cardFor("player", message);
    expect([...again.querySelectorAll<HTMLInputElement>(".wh-attack__defence input")].map((i) => i.name)).toEqual([
      "reserve",
    ]);
  });

  it("offers no reserve die without an ally, no Estourbir or Intimidation on a group, no soul for a weapon without one", async () => {
    const world = await wuxiaAttackFight();
    // Zhao leaves the fight: Lin Mei has nobody left on her side to spend a reserve die.
    await as("gm", () => world.combat.deleteEmbeddedDocuments("Combatant", [world.zhaoC.id ?? ""]));
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    expect(buttons(await cardFor("player", message))).toEqual([
      "invest-defenseDice",
      "invest-critique",
      "invest-estourbir",
      "invest-intimidation",
      "invest-precise",
      "apply",
    ]);
    const { attackRequests } = await import("./attack");
    for (const [investment, key] of [
      ["groupReserve", "WH.Combat.Error.NoAlly"],
      ["ame", "WH.Combat.Error.NoSoul"],
    ] as const)
      await expect(as("player", () => attackRequests.invest(message as never, investment))).rejects.toMatchObject({
        key,
      });
  });
});

describe("the resolution", () => {
  it("shows a parried attack to everyone with nothing to invest or apply", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world, world.bandit, [8, 2, 2, 2, 2, 2, 2]);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 }, { faces: [10, 10] });
    for (const who of ["gm", "player", "stranger"] as const) {
      const html = await cardFor(who, message);
      expect([text(html.querySelector(".wh-attack .wh-outcome")), buttons(html)]).toEqual([
        "Parried by Bandit — 1 against 2",
        [],
      ]);
    }
  });

  it("gives the attacker's owner a button per investment while successes are left, then only Apply damage", async () => {
    const world = await wuxiaAttackFight();
    await as("player", () => world.arc.update({ system: { ame: { name: "Flèche sifflante" } } } as never));
    const message = await wuxiaAttack(world);
    // 5 − 2 cancelled = 3 against 1: one success to invest.
    await wuxiaDefend(message);
    const html = await cardFor("player", message);
    expect(
      [...html.querySelectorAll<HTMLButtonElement>(".wh-attack__investments [data-wh-attack]")].map((b) => [
        b.dataset.whAttack,
        text(b),
      ]),
    ).toEqual([
      ["invest-defenseDice", "+ Defense die"],
      ["invest-groupReserve", "+ Group reserve"],
      ["invest-critique", "+ Critical (Critique, +1 damage)"],
      ["invest-estourbir", "+ Stun (Estourbir, Earth −1)"],
      ["invest-intimidation", "+ Intimidation (Panic +1)"],
      ["invest-precise", "+ Precise attack (Attaque précise)"],
      ["invest-ame", "+ Soul (âme): Flèche sifflante"],
    ]);
    expect(html.querySelector(".wh-attack .wh-outcome--success")).not.toBeNull();
    await as("player", () => click(html.querySelector("[data-wh-attack=invest-ame]")));
    await vi.waitFor(async () => expect(buttons(await cardFor("player", message))).toEqual(["apply"]));
    const after = await cardFor("player", message);
    expect(text(after.querySelector(".wh-attack__invested"))).toBe("Soul (âme): Flèche sifflante ×1");
    expect(text(after.querySelector(".wh-attack .wh-outcome"))).toBe(
      "Hit — 5 − 2 cancelled − 1 = 2 ahead · 1 to hit · 1 to invest · 0 left",
    );
    expect(buttons(await cardFor("gm", message))).toEqual(["apply"]);
    expect(buttons(await cardFor("stranger", message))).toEqual([]);
  });

  it("offers no investment once the card's round is over, only Apply damage", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message);
    expect(buttons(await cardFor("player", message))).toContain("invest-critique");
    scriptFaces(Array.from({ length: 30 }, () => 2));
    await as("gm", () => world.combat.nextRound());
    expect(buttons(await cardFor("player", message))).toEqual(["apply"]);
  });

  it("offers an attack made outside a combat no Defense or reserve die", async () => {
    const world = await wuxiaAttackFight();
    await as("gm", () => world.combat.delete());
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message, { defenseDice: 0, reserve: 0 });
    const html = await cardFor("player", message);
    expect(buttons(html)).toEqual([
      "invest-critique",
      "invest-estourbir",
      "invest-intimidation",
      "invest-precise",
      "apply",
    ]);
    // Nothing cancelled, nothing invested yet: the verdict has no cancellation and no list follows it.
    expect(text(html.querySelector(".wh-attack .wh-outcome"))).toBe(
      "Hit — 5 − 1 = 4 ahead · 1 to hit · 3 to invest · 3 left",
    );
    expect(html.querySelector(".wh-attack__invested")).toBeNull();
  });

  it("adds the Critique bought to the damage sum", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message);
    const html = await cardFor("player", message);
    await as("player", () => click(html.querySelector("[data-wh-attack=invest-critique]")));
    await vi.waitFor(async () =>
      expect(text((await cardFor("player", message)).querySelector(".wh-attack__damage"))).toBe(
        "Damage: weapon ND 3 + Critical 1 − armour AR 0 = +4 to the wound level (NB)",
      ),
    );
  });

  it("applies the damage from the card once; then says so, and that the defender falls", async () => {
    const world = await wuxiaAttackFight();
    const max = (world.bandit.system as unknown as { wounds: { max: number } }).wounds.max;
    await as("gm", () => world.bandit.update({ system: { wounds: { value: max - 3 } } } as never));
    const message = await wuxiaAttack(world);
    await wuxiaDefend(message);
    const html = await cardFor("player", message);
    const apply = must(html.querySelector<HTMLButtonElement>("[data-wh-attack=apply]"));
    expect(text(apply)).toBe("Apply damage (+3 NB)");
    // The sum behind it, each abbreviation in words beside it and explained on hover.
    const sum = html.querySelector<HTMLElement>(".wh-attack__damage");
    expect(text(sum)).toBe("Damage: weapon ND 3 − armour AR 0 = +3 to the wound level (NB)");
    expect(sum?.title).toBe(foundry.game.i18n.localize("WH.Combat.DamageSumTitle"));
    await as("player", async () => {
      apply.click();
      expect(apply.disabled).toBe(true);
      apply.click();
      await settle();
    });
    await vi.waitFor(() => expect(world.banditC.defeated).toBe(true));
    expect((world.bandit.system as unknown as { wounds: { value: number } }).wounds.value).toBe(max);
    const after = await cardFor("stranger", message);
    expect(buttons(after)).toEqual([]);
    expect(text(after.querySelector(".wh-attack__applied"))).toBe("Applied: +3 to the wound level (NB)");
    expect([...after.querySelectorAll(".wh-attack .wh-warning")].map((el) => text(el))).toEqual([
      "Bandit reaches the death threshold: defeated.",
    ]);
  });

  it("speaks French to a French table", async () => {
    foundry = await startWorld({ lang: "fr" });
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    const waiting = await cardFor("gm", message);
    expect(text(waiting.querySelector(".wh-attack__lead .wh-card__title"))).toBe("Lin Mei attaque Bandit — Arc long");
    expect(text(waiting.querySelector("[data-wh-attack=defend]"))).toBe("Se défendre (Terre, SR 10)");
    await wuxiaDefend(message);
    const html = await cardFor("player", message);
    expect(text(html.querySelector(".wh-attack .wh-outcome"))).toBe(
      "Touché — 5 − 2 annulées − 1 = 2 d'avance · 1 pour toucher · 1 à investir · reste 1",
    );
    expect(text(html.querySelector("[data-wh-attack=apply]"))).toBe("Appliquer les dégâts (+3 NB)");
    expect(text(html.querySelector(".wh-attack__damage"))).toBe(
      "Dégâts : ND de l'arme 3 − AR de l'armure 0 = +3 au niveau de blessure (NB)",
    );
  });

  it("draws no attack part under a roll the system could not have made", async () => {
    const world = await wuxiaAttackFight();
    const message = await wuxiaAttack(world);
    const forged = structuredClone(message.rolls[0]?.toJSON()) as unknown as {
      terms: { results?: { result: number }[] }[];
    };
    const die = must(forged.terms.find((t) => t.results));
    must(die.results?.[0]).result = 11;
    await as("gm", () => (message as unknown as { update(d: object): Promise<unknown> }).update({ rolls: [forged] }));
    const html = await cardFor("gm", message);
    expect([html.querySelector(".wh-attack"), buttons(html)]).toEqual([null, []]);
  });
});
