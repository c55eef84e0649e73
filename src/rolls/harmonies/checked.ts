import { rollFromJson } from "../../foundry/rolls";
import { harmoniesActionFromFaces } from "../../rules";
import { HARMONIES_CHARACTERISTICS, HARMONIES_MEANS } from "../../rules/vocabulary";
import { ownedActor } from "../card-subject";
import { harmoniesConfig, harmoniesDefaults, readHarmoniesValues } from "./fields";
import { HarmoniesRoll } from "./roll";
import { MAX_OPEN_FACES } from "./difference-roll";
import { UserError } from "../../core/errors";
import { rollSubject, type RollSubject } from "../subject";
import { objectField } from "../../requests/payload";

/** The value when it is one of `keys`; readHarmoniesValues then refuses any other by name. */
function oneOf<K extends string>(keys: readonly K[], value: unknown): K | undefined {
  return keys.find((key) => key === value);
}

/** One die's faces as sent: 1–10 each; closed, exactly one; open, a 10 before every further face. */
function sentDieFaces(term: unknown, open: boolean): number[] {
  const results = (term as { results?: unknown } | null)?.results;
  if (!Array.isArray(results) || results.length === 0 || results.length > (open ? MAX_OPEN_FACES : 1))
    throw new UserError("WH.Request.Error.BadFaces", {
      expected: open ? `1–${MAX_OPEN_FACES}` : 1,
      count: Array.isArray(results) ? results.length : 0,
    });
  const faces = results.map((r: unknown) => {
    const face = (r as { result?: unknown } | null)?.result;
    if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > 10)
      throw new UserError("WH.Request.Error.BadFace", { face: String(face) });
    return face;
  });
  // Only a 10 rolls again: every face but the last must be one (the rules check the last).
  if (faces.slice(0, -1).some((face) => face !== 10))
    throw new UserError("WH.Request.Error.BadFaces", { expected: "10s before each", count: faces.length });
  return faces;
}

/**
 * A Harmonies roll another client made and sent to be stored (an attack, a parry, a soak), as
 * the GM keeps it: only the choices a player makes (characteristic, means, skill, difficulty,
 * closed or open) and the two dice's faces are taken; the action is built again from the actor,
 * exactly as the roll dialog builds it, and the faces must fit it.
 */
export async function checkedHarmoniesRoll(
  data: Record<string, unknown>,
  requester: User.Implementation,
  options: { penalty?: "actor" | "none"; subjectOf?: (actor: Actor.Implementation) => RollSubject } = {},
): Promise<HarmoniesRoll> {
  if (data.class !== "HarmoniesRoll") throw new UserError("WH.Chat.Error.NotHarmoniesRoll");
  if (data.evaluated !== true) throw new UserError("WH.Request.Error.NotEvaluated");
  const claimed = objectField(objectField(data, "options"), "harmonies");
  const actor = await ownedActor(typeof claimed.actorUuid === "string" ? claimed.actorUuid : null, requester);
  const subject = (options.subjectOf ?? rollSubject)(actor);
  if (subject.kind !== "harmonies") throw new UserError("WH.Combat.Error.NotHarmonies", { name: subject.name });
  const skill = claimed.itemUuid === null ? undefined : subject.skills.find((s) => s.uuid === claimed.itemUuid);
  if (claimed.itemUuid !== null && !skill) throw new UserError("WH.Request.Error.BadField", { field: "itemUuid" });
  const defaults = harmoniesDefaults(subject, {
    characteristic: oneOf(HARMONIES_CHARACTERISTICS, claimed.characteristic),
    means: oneOf(HARMONIES_MEANS, claimed.means),
  });
  const values = readHarmoniesValues(
    {
      ...defaults,
      characteristic: claimed.characteristic,
      means: claimed.means,
      skillId: skill?.id ?? "",
      difficulty: claimed.difficulty,
      open: claimed.open,
      ...(options.penalty === "none" ? { penalty: 0 } : {}),
    },
    subject,
  );
  const expected = HarmoniesRoll.build(harmoniesConfig(subject, values));
  const { state } = expected;
  const terms = Array.isArray(data.terms) ? (data.terms as unknown[]) : [];
  const dice = terms.filter((term) => (term as { class?: unknown } | null)?.class === "Die");
  if (dice.length !== 2) throw new UserError("WH.Request.Error.BadFaces", { expected: 2, count: dice.length });
  const [plus, minus] = dice.map((term) => sentDieFaces(term, state.open)) as [number[], number[]];
  const json = JSON.parse(JSON.stringify(expected.toJSON())) as Record<string, unknown> & {
    terms: Record<string, unknown>[];
  };
  let die = 0;
  json.terms = json.terms.map((term) => {
    if (term.class !== "Die") return { ...term, evaluated: true };
    const faces = die++ === 0 ? plus : minus;
    const results = faces.map((result, i) => ({
      result,
      active: true,
      ...(i < faces.length - 1 ? { exploded: true } : {}),
    }));
    return { ...term, results, evaluated: true };
  });
  json.evaluated = true;
  json.total = marginOf(state.modifier, plus, minus, state.open);
  const roll = rollFromJson(HarmoniesRoll, json);
  if (!roll.readable) throw new UserError("WH.Request.Error.BadFaces", { expected: "a difference roll", count: 0 });
  return roll;
}

/** The margin the rules read from these faces; faces they refuse (an open die ending on a 10) are not a roll. */
function marginOf(modifier: number, plus: number[], minus: number[], open: boolean): number {
  try {
    return harmoniesActionFromFaces(modifier, plus, minus, { open }).margin;
  } catch {
    throw new UserError("WH.Request.Error.BadFaces", {
      expected: "a difference roll",
      count: plus.length + minus.length,
    });
  }
}
