// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import {
  actAs,
  createActor,
  facesRandom,
  guards,
  harmoniesHero,
  postedMessages,
  startWorld,
  wuxiaHero,
} from "../../test/support/world";
import { wuxiaThreshold } from "../rules";
import type { SystemApi } from "../api";
import type { RollSubject } from "./subject";

let foundry: FoundryDouble;
const api = () => (foundry.game.system as unknown as { api: SystemApi }).api;
const subjects = () => import("./subject");

interface Rolled {
  rolls: { formula: string; state: Record<string, unknown> }[];
}

/** Lin Mei (Métal 3, Eau 3): death threshold 27, wound thresholds 6/13/20, panic thresholds 6/12/18. */
const linMei = (system: Record<string, unknown> = {}) =>
  wuxiaHero("Lin Mei", { attributes: { metal: 3, feu: 5, terre: 4, eau: 3, bois: 2 }, ...system });

beforeEach(async () => {
  foundry = await startWorld();
});

describe("the roll subject of a Wuxia character", () => {
  it("adds the wound and the panic penalties to the SR of every test (RULES 1.1)", async () => {
    const { rollSubject } = await subjects();
    expect((rollSubject(await linMei()) as Extract<RollSubject, { kind: "wuxia" }>).srPenalty).toBe(0);
    expect(
      (rollSubject(await linMei({ wounds: { value: 13 } })) as Extract<RollSubject, { kind: "wuxia" }>).srPenalty,
    ).toBe(2);
    expect(
      (rollSubject(await linMei({ panic: { value: 6 } })) as Extract<RollSubject, { kind: "wuxia" }>).srPenalty,
    ).toBe(1);
    expect(
      (
        rollSubject(await linMei({ wounds: { value: 20 }, panic: { value: 12 } })) as Extract<
          RollSubject,
          { kind: "wuxia" }
        >
      ).srPenalty,
    ).toBe(5);
  });

  it("hands the penalty to the roll a player makes: SR 10 with wounds 13 and panic 6 is tested at 13", async () => {
    const actor = await linMei({ wounds: { value: 13 }, panic: { value: 6 } });
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 9, 9, 1]);
    const message = (await api().roll(actor, {
      item: "Chasseur",
      dialog: false,
      values: { visibility: "public" },
    })) as unknown as Rolled;
    expect(message.rolls[0]?.state).toMatchObject({
      sr: 10,
      srPenalty: 3,
      competence: 3,
      threshold: wuxiaThreshold(13, 3),
    });
    expect((message.rolls[0] as unknown as { total: number }).total).toBe(2);
  });

  it("reads the Attributes, the Destiny dice and every skill and power, a spécialisation by its Métier", async () => {
    const { rollSubject } = await subjects();
    const actor = await linMei();
    const subject = rollSubject(actor);
    if (subject.kind !== "wuxia") throw new Error("not a Wuxia subject");
    expect(subject).toMatchObject({
      name: "Lin Mei",
      attributes: { metal: 3, feu: 5, terre: 4, eau: 3, bois: 2 },
      destiny: 2,
    });
    const byName = Object.fromEntries(subject.skills.map((s) => [s.specialisation ?? s.skillName, s]));
    const id = (name: string) => actor.items.find((i) => i.name === name)?.id;
    expect(byName.Chasseur).toMatchObject({
      id: id("Chasseur"),
      skillName: "Chasseur",
      specialisation: null,
      competence: 3,
      rerolls: 0,
      kind: "metier",
      attribute: null,
      chiCost: 0,
      identifier: "chasseur",
    });
    expect(byName["Tir à l'arc"]).toMatchObject({
      id: id("Tir à l'arc"),
      skillName: "Chasseur",
      specialisation: "Tir à l'arc",
      competence: 3,
      rerolls: 1,
      kind: "specialisation",
    });
    expect(byName["Bond du tigre"]).toMatchObject({
      id: id("Bond du tigre"),
      skillName: "Bond du tigre",
      competence: 2,
      rerolls: 0,
      kind: "power",
      attribute: "terre",
      chiCost: 1,
    });
    expect(subject.skills).toHaveLength(3);
    expect(subject.skills.every((s) => s.uuid === actor.items.get(s.id)?.uuid)).toBe(true);
  });
});

describe("where a click on an item starts the roll", () => {
  it("a Wuxia weapon: Feu at SR 10 with the weapon's skill, found by name", async () => {
    const actor = await linMei();
    actAs("player");
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 9, 9, 1, 8]);
    const message = (await api().roll(actor, {
      item: "Arc long",
      dialog: false,
      values: { visibility: "public" },
    })) as unknown as Rolled;
    expect(message.rolls[0]?.state).toMatchObject({
      attribute: "feu",
      attributeValue: 5,
      sr: 10,
      skillName: "Chasseur",
      specialisation: "Tir à l'arc",
      rerolls: 1,
    });
  });

  it("a Wuxia weapon whose skill the character lacks starts from Feu at SR 10 with no skill", async () => {
    const { rollStart, rollSubject } = await subjects();
    const actor = await createActor({
      name: "Zhao",
      type: "wuxiaCharacter",
      items: [
        { name: "Sabre", type: "wuxiaWeapon", system: { skill: "Escrime" } },
        { name: "Dague", type: "wuxiaWeapon", system: { skill: " " } },
      ],
    });
    const subject = rollSubject(actor);
    for (const name of ["Sabre", "Dague"])
      expect(
        rollStart(
          subject,
          actor.items.find((i) => i.name === name),
        ),
      ).toEqual({ attribute: "feu", sr: 10, skillId: undefined });
  });

  it("a weapon's skill is found whatever its case and spacing", async () => {
    const { rollStart, rollSubject } = await subjects();
    const actor = await createActor({
      name: "Zhao",
      type: "wuxiaCharacter",
      items: [
        { name: "Escrime", type: "wuxiaSkill", system: { category: "metier", level: 2 } },
        { name: "Sabre", type: "wuxiaWeapon", system: { skill: "  ESCRIME " } },
      ],
    });
    const start = rollStart(
      rollSubject(actor),
      actor.items.find((i) => i.name === "Sabre"),
    );
    expect(start.skillId).toBe(actor.items.find((i) => i.name === "Escrime")?.id);
  });

  it("a power brings its own Attribute; a skill starts from Feu unless told", async () => {
    const actor = await linMei();
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 9, 9]);
    const power = (await api().roll(actor, {
      item: "Bond du tigre",
      dialog: false,
      values: { visibility: "public" },
    })) as unknown as Rolled;
    expect(power.rolls[0]?.state).toMatchObject({
      attribute: "terre",
      attributeValue: 4,
      skillName: "Bond du tigre",
      competence: 2,
      sr: 10,
    });
    foundry.CONFIG.Dice.randomUniform = facesRandom([10, 10, 9]);
    const skill = (await api().roll(actor, {
      item: "Chasseur",
      dialog: false,
      start: { attribute: "metal" },
      values: { visibility: "public" },
    })) as unknown as Rolled;
    expect(skill.rolls[0]?.state).toMatchObject({ attribute: "metal", attributeValue: 3, skillName: "Chasseur" });
  });

  it("a Harmonies skill brings its characteristic and means; a weapon Agilité with Précision (missile) or Manœuvre (melee)", async () => {
    const { rollStart, rollSubject } = await subjects();
    const actor = await harmoniesHero("David");
    await actor.createEmbeddedDocuments("Item", [
      { name: "Épée", type: "harmoniesWeapon", system: { damage: 2, range: "melee", skill: "fronde" } },
      { name: "Lutte", type: "harmoniesSkill", system: { level: 1, characteristic: "corps", means: "puissance" } },
    ]);
    const subject = rollSubject(actor);
    const item = (name: string) => actor.items.find((i) => i.name === name);
    const fronde = item("Fronde")?.id;
    expect(rollStart(subject, item("Lance-pierre"))).toEqual({
      skillId: fronde,
      characteristic: "agilite",
      means: "precision",
    });
    expect(rollStart(subject, item("Épée"))).toEqual({
      skillId: fronde,
      characteristic: "agilite",
      means: "manoeuvre",
    });
    expect(rollStart(subject, item("Lutte"))).toEqual({
      skillId: item("Lutte")?.id,
      characteristic: "corps",
      means: "puissance",
    });
    expect(rollStart(subject, null)).toEqual({});
  });

  it("a Wuxia skill selects itself, a power itself and its Attribute", async () => {
    const { rollStart, rollSubject } = await subjects();
    const actor = await linMei();
    const chasseur = actor.items.find((i) => i.name === "Chasseur");
    const power = actor.items.find((i) => i.name === "Bond du tigre");
    expect(rollStart(rollSubject(actor), chasseur)).toStrictEqual({ skillId: chasseur?.id });
    expect(rollStart(rollSubject(actor), power)).toEqual({ skillId: power?.id, attribute: "terre" });
  });
});

describe("the roll subject of a Harmonies character and of a group", () => {
  it("a Harmonies character: scores with the race bonus, each skill's effective level, the wound penalties", async () => {
    const { rollSubject } = await subjects();
    const actor = await harmoniesHero("David", {
      characteristics: { agilite: { value: 2, race: 1 } },
      wounds: { light: 2 },
    });
    await actor.toggleStatusEffect("stun", { active: true });
    const subject = rollSubject(actor);
    if (subject.kind !== "harmonies") throw new Error("not a Harmonies subject");
    const system = actor.system as unknown as { actionPenalty: { all: number; physical: number } };
    expect(subject).toMatchObject({
      name: "David",
      penalty: system.actionPenalty.all,
      physicalPenalty: system.actionPenalty.physical,
    });
    expect(subject.penalty).toBeLessThan(0);
    expect(subject.physicalPenalty).toBeLessThan(subject.penalty);
    expect(subject.scores).toMatchObject({ agilite: 3, precision: 3, corps: 0 });
    const fronde = actor.items.find((i) => i.name === "Fronde");
    expect(subject.skills).toEqual([
      {
        id: fronde?.id,
        uuid: fronde?.uuid,
        name: "Fronde",
        level: 0,
        characteristic: "agilite",
        means: "precision",
        identifier: "fronde",
      },
    ]);
  });

  it("a group rolls with its largest sub-group still fighting, its members still fighting and its action, and says whether it is homogeneous", async () => {
    const { rollSubject } = await subjects();
    const band = await createActor({
      name: "Bandits",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Chef", count: 1, stats: { agilite: 9, manoeuvre: 9, skill: 9 } },
          { label: "Bandit", count: 12, out: 10, stats: { agilite: 1, manoeuvre: 2, skill: 3 } },
          { label: "Guetteur", count: 3, out: 0, stats: { agilite: 4, manoeuvre: 0, skill: 1 } },
        ],
        action: { characteristic: "intuition", means: "precision" },
      },
    });
    const subject = rollSubject(band);
    if (subject.kind !== "group") throw new Error("not a group subject");
    // Two bandits are left: the three lookouts are now the largest sub-group.
    expect(subject).toMatchObject({
      name: "Bandits",
      size: 6,
      skillLevel: 1,
      characteristic: "intuition",
      means: "precision",
      homogeneous: false,
      subgroup: null,
    });
    expect(subject.scores).toMatchObject({ agilite: 4, manoeuvre: 0 });
    const even = rollSubject(await guards(25));
    expect(even).toMatchObject({ size: 25, homogeneous: true, scores: { agilite: 1, manoeuvre: 1 } });
  });

  it("a group acting as one body brings its combined Values; each sub-group on its own brings its own stats and size", async () => {
    const { combinedSubject, subgroupSubjects } = await import("./groups/subject");
    const band = await createActor({
      name: "Bandits",
      type: "group",
      system: {
        ruleset: "harmonies",
        members: [
          { label: "Chef", count: 1, stats: { agilite: 9, manoeuvre: 9, skill: 9 } },
          { label: "Bandit", count: 12, out: 9, stats: { agilite: 1, manoeuvre: 2, skill: 3 } },
          { label: "Fuyard", count: 2, out: 2, stats: { agilite: 0, manoeuvre: 0, skill: 0 } },
        ],
      },
    });
    const system = band.system as unknown as { combined: { key: string; value: number }[] };
    const combined = combinedSubject(band);
    expect(combined).toMatchObject({ kind: "combined", name: "Bandits", size: 4, skillLevel: 3 });
    expect(combined.scores).toEqual(Object.fromEntries(system.combined.map((c) => [c.key, c.value])));
    // Three bandits at +1 are +6 together; the chief's +9 and +6 are 3 apart: +11.
    expect(combined.scores.agilite).toBe(11);
    expect(subgroupSubjects(band).map((s) => [s.name, s.size, s.scores.agilite, s.skillLevel, s.subgroup])).toEqual([
      ["Bandits — Chef", 1, 9, 9, { label: "Chef", index: 0, of: 2 }],
      ["Bandits — Bandit", 3, 1, 3, { label: "Bandit", index: 1, of: 2 }],
    ]);
  });

  it("a Wuxia group brings each sub-group still fighting, with its Attributes, its skill and its members", async () => {
    const { rollSubject } = await subjects();
    const palace = await createActor({
      name: "Gardes du palais",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [
          { label: "Gardes", count: 6, out: 2, stats: { metal: 3, feu: 4, skill: 2 } },
          { label: "Blessés", count: 2, out: 2, stats: { feu: 9 } },
          { label: "Capitaine", count: 1, stats: { metal: 5, feu: 6, skill: 4 } },
        ],
        action: { attribute: "metal" },
      },
    });
    const subject = rollSubject(palace);
    if (subject.kind !== "wuxiaGroup") throw new Error("not a Wuxia group subject");
    expect(subject).toMatchObject({ name: "Gardes du palais", size: 5, attribute: "metal" });
    expect(
      subject.subgroups.map((s) => [s.label, s.members, s.attributes.metal, s.attributes.feu, s.competence]),
    ).toEqual([
      ["Gardes", 4, 3, 4, 2],
      ["Capitaine", 1, 5, 6, 4],
    ]);
  });
});

describe.each(["en", "fr"] as const)("refusals, shown to the user in their language (%s)", (lang) => {
  beforeEach(async () => {
    foundry = await startWorld({ lang });
  });

  const refusal = () => foundry.notifications.at(-1);
  const says = (key: string, data?: Record<string, string | number>) => {
    const message = data
      ? foundry.game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])))
      : foundry.game.i18n.localize(key);
    expect(message).not.toContain(key);
    expect(message).not.toMatch(/\{\w+\}/);
    expect(refusal()).toEqual({ level: "error", message });
  };

  it("an actor with nothing to roll (NotRollable)", async () => {
    const odd = await createActor({ name: "Table", type: "base" });
    expect(await api().roll(odd, { dialog: false })).toBeNull();
    says("WH.Roll.Error.NotRollable", { name: "Table" });
  });

  it("a group with no members, or with every member out of the fight (EmptyGroup), of either rule set", async () => {
    const empty = await createActor({ name: "Personne", type: "group", system: { ruleset: "harmonies", members: [] } });
    expect(await api().roll(empty, { dialog: false })).toBeNull();
    says("WH.Roll.Error.EmptyGroup", { name: "Personne" });
    const beaten = await createActor({
      name: "Gardes du palais",
      type: "group",
      system: { ruleset: "wuxia", members: [{ label: "Garde", count: 4, out: 4, stats: {} }] },
    });
    expect(await api().roll(beaten, { dialog: false })).toBeNull();
    says("WH.Roll.Error.EmptyGroup", { name: "Gardes du palais" });
    expect(postedMessages()).toHaveLength(0);
  });

  it("combined Values or one roll per sub-group for a Wuxia group (NotHarmoniesGroup)", async () => {
    const { rollCombined, rollEachSubgroup } = await import("./pipeline");
    const { notifyError } = await import("../core/errors");
    const wuxia = await createActor({
      name: "Gardes du palais",
      type: "group",
      system: { ruleset: "wuxia", members: [{ label: "Garde", count: 4, stats: {} }] },
    });
    await rollCombined(wuxia, { dialog: false }).catch(notifyError);
    says("WH.Roll.Error.NotHarmoniesGroup", { name: "Gardes du palais" });
    foundry.notifications.length = 0;
    await rollEachSubgroup(wuxia, { dialog: false }).catch(notifyError);
    says("WH.Roll.Error.NotHarmoniesGroup", { name: "Gardes du palais" });
    expect(postedMessages()).toHaveLength(0);
  });

  it("an item of another actor (ItemNotOwned), an item that cannot be rolled (ItemNotRollable), an item the actor lacks (NoItem)", async () => {
    const actor = await linMei();
    const other = await wuxiaHero("Zhao");
    await actor.createEmbeddedDocuments("Item", [{ name: "Tigre", type: "wuxiaTrait" }]);
    expect(await api().roll(actor, { item: other.items.find((i) => i.name === "Chasseur"), dialog: false })).toBeNull();
    says("WH.Roll.Error.ItemNotOwned", { item: "Chasseur", actor: "Lin Mei" });
    expect(await api().roll(actor, { item: "Tigre", dialog: false })).toBeNull();
    says("WH.Roll.Error.ItemNotRollable", { item: "Tigre" });
    expect(await api().roll(actor, { item: "Éventail", dialog: false })).toBeNull();
    says("WH.Roll.Error.NoItem", { item: "Éventail", actor: "Lin Mei" });
  });

  it("no actor to roll for (NoActor), and a player rolling for an actor they do not own (NotOwner)", async () => {
    expect(await api().roll(undefined, { dialog: false })).toBeNull();
    says("WH.Roll.Error.NoActor");
    const boss = await createActor({ name: "Boss", type: "harmoniesCharacter" }, { ownedByPlayer: false });
    actAs("player");
    expect(await api().roll(boss, { dialog: false })).toBeNull();
    says("WH.Roll.Error.NotOwner", { name: "Boss" });
    actAs("gm");
    const hero = await linMei();
    actAs("stranger");
    expect(await api().roll(hero, { dialog: false })).toBeNull();
    says("WH.Roll.Error.NotOwner", { name: "Lin Mei" });
  });

  it("a macro of an item that no longer exists (NoItemFound), or of a world item nobody speaking holds (NoItemOnSpeaker)", async () => {
    expect(await api().rollItem("Item.gone0000000001")).toBeNull();
    says("WH.Roll.Error.NoItemFound", { uuid: "Item.gone0000000001" });
    const [worldItem] = await (
      foundry.CONFIG.Item.documentClass as unknown as {
        createDocuments(data: object[]): Promise<Item.Implementation[]>;
      }
    ).createDocuments([{ name: "Chasseur", type: "wuxiaSkill" }]);
    (foundry.game.items as unknown as { add(item: unknown): void }).add(worldItem);
    expect(await api().rollItem(worldItem?.uuid ?? "")).toBeNull();
    says("WH.Roll.Error.NoItemOnSpeaker", { item: "Chasseur" });
  });

  it("fields that make no roll: not a whole number, too small, not one of the choices, too many dice, too many Destiny dice", async () => {
    const actor = await linMei();
    const field = (key: string) => foundry.game.i18n.localize(key);
    expect(await api().roll(actor, { dialog: false, values: { sr: "dix" } })).toBeNull();
    says("WH.Roll.Error.NotWholeNumber", { field: field("WH.Dialog.Sr.Label") });
    expect(await api().roll(actor, { dialog: false, values: { extraDice: -1 } })).toBeNull();
    says("WH.Roll.Error.TooSmall", { field: field("WH.Dialog.ExtraDice"), min: 0 });
    expect(await api().roll(actor, { dialog: false, values: { attribute: "licorne" } })).toBeNull();
    says("WH.Roll.Error.BadChoice", { field: field("WH.Dialog.Attribute") });
    expect(await api().roll(actor, { dialog: false, values: { visibility: "everyone" } })).toBeNull();
    says("WH.Roll.Error.BadChoice", { field: field("WH.Dialog.Visibility") });
    expect(await api().roll(actor, { dialog: false, values: { skillId: "nothing" } })).toBeNull();
    says("WH.Roll.Error.BadChoice", { field: field("WH.Dialog.Skill") });
    expect(await api().roll(actor, { dialog: false, values: { extraDice: 96 } })).toBeNull();
    says("WH.Roll.Error.PoolTooLarge", { max: 100 });
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    expect(await api().roll(actor, { dialog: false, values: { destinyDice: 3 } })).toBeNull();
    says("WH.Roll.Error.NotEnoughDestiny.other", { name: "Lin Mei", count: 2 });
    expect(postedMessages()).toHaveLength(0);
  });

  it("a rules error names the field as the dialog labels it", async () => {
    const { describeError } = await import("../core/errors");
    const { RulesError } = await import("../rules");
    const error = new RulesError(
      "WH.Error.OutOfRange",
      { argument: "sr", value: 40, min: 1, max: 30 },
      "sr out of range",
    );
    expect(describeError(error)).toBe(
      foundry.game.i18n.format("WH.Error.OutOfRange", {
        argument: foundry.game.i18n.localize("WH.Roll.Argument.Sr"),
        value: "40",
        min: "1",
        max: "30",
      }),
    );
    const unnamed = new RulesError("WH.Error.NotInteger", { argument: "weird", value: 1.5 }, "weird");
    expect(describeError(unnamed)).toBe(
      foundry.game.i18n.format("WH.Error.NotInteger", { argument: "weird", value: "1.5", min: "", max: "" }),
    );
    expect(describeError(new Error("boom"))).toBe(
      foundry.game.i18n.format("WH.Roll.Error.Unexpected", { message: "boom" }),
    );
    expect(describeError("plain")).toBe(foundry.game.i18n.format("WH.Roll.Error.Unexpected", { message: "plain" }));
  });
});
