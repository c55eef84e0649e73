import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { guards, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import type * as WuxiaFields from "./wuxia/fields";
import type * as HarmoniesFields from "./harmonies/fields";
import type * as GroupFields from "./groups/fields";
import type { GroupSubject } from "./groups/subject";
import type { HarmoniesSubject } from "./harmonies/subject";
import type { WuxiaSubject } from "./wuxia/subject";

/**
 * The roll dialog's values as the dialog, a skipped dialog and a macro hand them in: what is
 * refused (with a message naming the field) and the roll they make.
 */

let foundry: FoundryDouble;
/** Each game's fields, in one place: these tests compare them. */
let form: typeof WuxiaFields & typeof HarmoniesFields & typeof GroupFields;
let describeError: (error: unknown) => string;

beforeEach(async () => {
  foundry = await startWorld();
  form = {
    ...(await import("./wuxia/fields")),
    ...(await import("./harmonies/fields")),
    ...(await import("./groups/fields")),
  };
  ({ describeError } = await import("../core/errors"));
});

async function subjectOf<S>(actor: Actor.Implementation): Promise<S> {
  const { rollSubject } = await import("./subject");
  return rollSubject(actor) as S;
}

/** The localised message a reading throws (as the dialog shows it), or null when it reads. */
function refusal(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    return describeError(error);
  }
}

function format(key: string, data: Record<string, unknown> = {}): string {
  return foundry.game.i18n.format(key, data as never);
}

/** A refusal as the tables name it, localised once the world has started. */
type Expected = () => string;
const badChoice =
  (field: string): Expected =>
  () =>
    format("WH.Roll.Error.BadChoice", { field });
const notWhole =
  (field: string): Expected =>
  () =>
    format("WH.Roll.Error.NotWholeNumber", { field });

describe("where a Wuxia test starts", () => {
  it("with a power's own Attribute, a skill's rerolls on, and Feu at SR 10 with nothing chosen", async () => {
    const subject = await subjectOf<WuxiaSubject>(await wuxiaHero());
    const power = subject.skills.find((s) => s.kind === "power");
    const bow = subject.skills.find((s) => s.specialisation);
    expect(form.wuxiaDefaults(subject, { skillId: power?.id })).toMatchObject({
      attribute: "terre",
      skillId: power?.id,
      specialisation: false,
    });
    expect(form.wuxiaDefaults(subject, { skillId: bow?.id, attribute: "metal", sr: 12 })).toMatchObject({
      attribute: "metal",
      specialisation: true,
      sr: 12,
    });
    expect(form.wuxiaDefaults(subject)).toEqual({
      attribute: "feu",
      skillId: "",
      specialisation: false,
      sr: 10,
      extraDice: 0,
      destinyDice: 0,
      reserveDice: 0,
      visibility: "public",
    });
  });
});

describe("reading a Wuxia test's values", () => {
  it.each([
    [{ attribute: "charisme" }, badChoice("Attribute")],
    [{ skillId: "nope" }, badChoice("Skill")],
    [{ sr: "dix" }, notWhole("SR")],
    [{ extraDice: "1.5" }, notWhole("Extra dice")],
    [{ destinyDice: "-1" }, () => format("WH.Roll.Error.TooSmall", { field: "Destiny dice added", min: 0 })],
    [{ reserveDice: "-1" }, () => format("WH.Roll.Error.TooSmall", { field: "Group reserve dice added", min: 0 })],
    [{ visibility: "everyone" }, badChoice("Roll mode")],
  ])("refuses %o, naming the field", async (change, message) => {
    const subject = await subjectOf<WuxiaSubject>(await wuxiaHero());
    expect(refusal(() => form.readWuxiaValues({ ...form.wuxiaDefaults(subject), ...change }, subject))).toBe(message());
  });

  it("reads what the form sends: numbers as text, a ticked box as on, and no skill or dice given as none", async () => {
    const subject = await subjectOf<WuxiaSubject>(await wuxiaHero());
    const values = form.readWuxiaValues(
      { attribute: "eau", specialisation: "on", sr: "12", visibility: "gm" },
      subject,
    );
    expect(values).toEqual({
      attribute: "eau",
      skillId: "",
      specialisation: true,
      sr: 12,
      extraDice: 0,
      destinyDice: 0,
      reserveDice: 0,
      visibility: "gm",
    });
  });

  it.each([
    [true, true],
    ["true", true],
    ["on", true],
    [false, false],
    ["false", false],
    ["", false],
    [undefined, false],
  ])("reads the specialisation box %o as %s", async (box, ticked) => {
    const subject = await subjectOf<WuxiaSubject>(await wuxiaHero());
    expect(form.readWuxiaValues({ ...form.wuxiaDefaults(subject), specialisation: box }, subject).specialisation).toBe(
      ticked,
    );
  });
});

describe("reading a Harmonies roll's values", () => {
  it.each([
    [{ characteristic: "charisme" }, badChoice("Characteristic")],
    [{ means: "magie" }, badChoice("Means")],
    [{ skillId: "nope" }, badChoice("Skill")],
    [{ difficulty: "−3" }, notWhole("Difficulty")],
    [{ penalty: "a lot" }, notWhole("Wound penalty")],
    [{ visibility: "" }, badChoice("Roll mode")],
  ])("refuses %o, naming the field", async (change, message) => {
    const subject = await subjectOf<HarmoniesSubject>(await harmoniesHero());
    expect(refusal(() => form.readHarmoniesValues({ ...form.harmoniesDefaults(subject), ...change }, subject))).toBe(
      message(),
    );
  });

  it("starts from the skill clicked, with its characteristic and means; with no skill when none is given", async () => {
    const actor = await harmoniesHero();
    await actor.createEmbeddedDocuments("Item", [
      { name: "Épée", type: "harmoniesSkill", system: { level: 2, characteristic: "corps", means: "puissance" } },
    ] as never);
    const subject = await subjectOf<HarmoniesSubject>(actor);
    const sword = subject.skills.find((s) => s.name === "Épée");
    expect(form.harmoniesDefaults(subject, { skillId: sword?.id })).toMatchObject({
      skillId: sword?.id,
      characteristic: "corps",
      means: "puissance",
    });
    const { skillId: _skill, ...noSkill } = form.harmoniesDefaults(subject);
    expect(form.readHarmoniesValues(noSkill, subject).skillId).toBe("");
  });

  it("takes any of the character's skills, and an open box as an open roll", async () => {
    const actor = await harmoniesHero();
    await actor.createEmbeddedDocuments("Item", [
      { name: "Épée", type: "harmoniesSkill", system: { level: 2, characteristic: "agilite", means: "manoeuvre" } },
    ] as never);
    const subject = await subjectOf<HarmoniesSubject>(actor);
    const sword = subject.skills.find((s) => s.name === "Épée");
    const values = form.readHarmoniesValues(
      { ...form.harmoniesDefaults(subject), skillId: sword?.id, open: "true", penalty: "-2" },
      subject,
    );
    expect(values).toMatchObject({ skillId: sword?.id, open: true, penalty: -2 });
    const config = form.harmoniesConfig(subject, values);
    expect(config).toMatchObject({ skillName: "Épée", skillLevel: 2, penalty: -2, itemUuid: sword?.uuid });
  });
});

describe("reading a group roll's values", () => {
  it.each([
    [{ characteristic: "charisme" }, badChoice("Characteristic")],
    [{ means: "magie" }, badChoice("Means")],
    [{ skillLevel: "" }, notWhole("Skill level")],
    [{ difficulty: "2.5" }, notWhole("Difficulty")],
    [{ visibility: "nobody" }, badChoice("Roll mode")],
  ])("refuses %o, naming the field", async (change, message) => {
    const subject = await subjectOf<GroupSubject>(await guards());
    expect(refusal(() => form.readGroupValues({ ...form.groupDefaults(subject), ...change }))).toBe(message());
  });
});

describe("the Wuxia test the values make", () => {
  it("names the specialisation whose rerolls it uses, and the item rolled", async () => {
    const actor = await wuxiaHero();
    const subject = await subjectOf<WuxiaSubject>(actor);
    const bow = subject.skills.find((s) => s.specialisation === "Tir à l'arc");
    const config = form.wuxiaConfig(subject, form.wuxiaDefaults(subject, { skillId: bow?.id }));
    expect(config).toMatchObject({
      skillName: "Chasseur",
      specialisation: "Tir à l'arc",
      rerolls: 1,
      competence: 3,
      itemUuid: bow?.uuid,
    });
    const without = form.wuxiaConfig(subject, {
      ...form.wuxiaDefaults(subject, { skillId: bow?.id }),
      specialisation: false,
    });
    expect(without).toMatchObject({ specialisation: null, rerolls: 0 });
  });

  it("rolls at most 100 dice, counting the Destiny dice added", async () => {
    await foundry.game.settings.set("wuxia-harmonies", "destinyMode", "extraDie");
    const subject = await subjectOf<WuxiaSubject>(await wuxiaHero());
    const values = form.wuxiaDefaults(subject);
    const tooMany = format("WH.Roll.Error.PoolTooLarge", { max: 100 });
    // Feu 5.
    expect(refusal(() => form.wuxiaConfig(subject, { ...values, extraDice: 95 }))).toBeNull();
    expect(refusal(() => form.wuxiaConfig(subject, { ...values, extraDice: 96 }))).toBe(tooMany);
    expect(refusal(() => form.wuxiaConfig(subject, { ...values, extraDice: 94, destinyDice: 1 }))).toBeNull();
    expect(refusal(() => form.wuxiaConfig(subject, { ...values, extraDice: 94, destinyDice: 2 }))).toBe(tooMany);
    expect(form.wuxiaConfig(subject, { ...values, destinyDice: 2 }).destinyDice).toBe(2);
  });

  it("adds no Destiny die before the roll where the world spends them on rerolls", async () => {
    const subject = await subjectOf<WuxiaSubject>(await wuxiaHero());
    const config = form.wuxiaConfig(subject, { ...form.wuxiaDefaults(subject), destinyDice: 5 });
    expect(config.destinyDice).toBe(0);
  });
});
