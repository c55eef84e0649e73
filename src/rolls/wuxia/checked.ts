import { rollFromJson } from "../../foundry/rolls";
import { evaluateWuxiaPool, specialisationRerollTargets } from "../../rules";
import { ownedActor } from "../card-subject";
import { readWuxiaValues, wuxiaConfig } from "./fields";
import { MAX_POOL } from "../fields";
import { UserError } from "../../core/errors";
import { rollSubject, type RollSubject } from "../subject";
import { WuxiaRoll, poolSize, type WuxiaRerollEntry } from "./roll";
import { objectField } from "../../requests/payload";

/**
 * A Wuxia roll another client made and sent to be stored (an opposing roll joined to a card), as
 * the GM keeps it: nothing of the sender's roll is taken but the choices a player makes in the
 * roll dialog (Attribute, skill, SR, extra and Destiny dice) and its faces. The test is built
 * again from the actor and its items, exactly as the roll dialog builds it — pool size,
 * threshold, rerolls, names — and the faces must fit it: whole numbers 1–10, one per die, and
 * the specialisation rerolls exactly those the rules make. Anything else is refused.
 */
export async function checkedWuxiaRoll(
  data: Record<string, unknown>,
  requester: User.Implementation,
  subjectOf: (actor: Actor.Implementation) => RollSubject = rollSubject,
): Promise<WuxiaRoll> {
  if (data.class !== "WuxiaRoll") throw new UserError("WH.Chat.Error.NotWuxiaRoll");
  // An unevaluated roll would be rolled anew, differently, by every client drawing the card.
  if (data.evaluated !== true) throw new UserError("WH.Request.Error.NotEvaluated");
  const claimed = objectField(objectField(data, "options"), "wuxia");
  const actor = await ownedActor(typeof claimed.actorUuid === "string" ? claimed.actorUuid : null, requester);
  const subject = subjectOf(actor);
  if (subject.kind !== "wuxia") throw new UserError("WH.Chat.Error.OpponentNotWuxia", { name: subject.name });
  const skill = claimed.itemUuid === null ? undefined : subject.skills.find((s) => s.uuid === claimed.itemUuid);
  if (claimed.itemUuid !== null && !skill) throw new UserError("WH.Request.Error.BadField", { field: "itemUuid" });
  const values = readWuxiaValues(
    {
      attribute: claimed.attribute,
      skillId: skill?.id ?? "",
      specialisation: typeof claimed.rerolls === "number" && claimed.rerolls > 0,
      sr: claimed.sr,
      extraDice: claimed.extraDice,
      destinyDice: claimed.destinyDice,
      visibility: "public",
    },
    subject,
  );
  const expected = WuxiaRoll.build(wuxiaConfig(subject, values));
  const { state } = expected;
  const faces = sentFaces(data);
  const size = poolSize(state);
  const rerolls = specialisationRerollTargets(faces.slice(0, size), state.threshold, state.rerolls);
  if (faces.length !== size + rerolls.length)
    throw new UserError("WH.Request.Error.BadFaces", { expected: size + rerolls.length, count: faces.length });
  const rerolled: WuxiaRerollEntry[] = rerolls.map((index) => ({ index, by: "specialisation" }));
  // Through JSON: the roll's data as a socket carries it, detached from the built roll.
  const json = JSON.parse(JSON.stringify(expected.toJSON())) as Record<string, unknown> & {
    terms: Record<string, unknown>[];
    options: { wuxia: typeof state };
  };
  json.options.wuxia.rerolled = rerolled;
  const chiSpent = paidChi(claimed.chiSpent, skill?.chiCost ?? 0, requester);
  if (chiSpent > 0) json.options.wuxia.chiSpent = chiSpent;
  // The formula is the pool's `Nd10`: one die term.
  json.terms = [{ ...json.terms[0], results: dieResults(faces, size, rerolled), evaluated: true }];
  json.evaluated = true;
  const standing = [...faces.slice(0, size)];
  rerolled.forEach((entry, j) => {
    standing[entry.index] = faces[size + j] as number;
  });
  json.total = evaluateWuxiaPool(standing, state.threshold).successes;
  return rollFromJson(WuxiaRoll, json);
}

/**
 * The chi a power's roll says it paid: the sender's client pays before it sends (withChiSpent),
 * so a power claimed unpaid is refused; a GM may have used it short, paying less, never more.
 */
function paidChi(claimed: unknown, cost: number, requester: User.Implementation): number {
  if (cost === 0) return 0;
  const paid = typeof claimed === "number" && Number.isInteger(claimed) && claimed > 0 && claimed <= cost ? claimed : 0;
  if (paid < cost && !requester.isGM) throw new UserError("WH.Request.Error.ChiUnpaid", { count: cost });
  return paid;
}

/** The faces of the sent roll's dice, in the order they were rolled; each a whole 1–10. */
function sentFaces(data: Record<string, unknown>): number[] {
  const terms = data.terms;
  const results = Array.isArray(terms) ? (terms[0] as { results?: unknown } | undefined)?.results : undefined;
  // Every die of the largest pool rerolled once at most.
  if (!Array.isArray(results) || results.length > 2 * MAX_POOL)
    throw new UserError("WH.Request.Error.BadFaces", {
      expected: "1–" + 2 * MAX_POOL,
      count: Array.isArray(results) ? results.length : 0,
    });
  return results.map((r: unknown) => {
    const face = (r as { result?: unknown } | null)?.result;
    if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > 10)
      throw new UserError("WH.Request.Error.BadFace", { face: String(face) });
    return face;
  });
}

/** The die term's results: a rerolled die is kept, struck through, before its new face. */
function dieResults(faces: number[], size: number, rerolled: WuxiaRerollEntry[]): Record<string, unknown>[] {
  const results: Record<string, unknown>[] = faces.map((result) => ({ result, active: true }));
  const current = Array.from({ length: size }, (_, i) => i);
  rerolled.forEach((entry, j) => {
    const old = results[current[entry.index] as number];
    if (old) Object.assign(old, { rerolled: true, active: false });
    current[entry.index] = size + j;
  });
  return results;
}
