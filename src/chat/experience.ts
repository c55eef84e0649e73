import { HARMONIES_CHARACTERISTICS, type HarmoniesAttributeKey } from "../documents/choices";
import { RollError } from "../dice/errors";
import { HarmoniesRoll } from "../dice/harmonies-roll";
import { detachedCopy, rollsWith } from "./card-subject";
import { oneAtATime } from "./message-lock";

function scorePath(key: HarmoniesAttributeKey): string {
  const group = (HARMONIES_CHARACTERISTICS as readonly string[]).includes(key) ? "characteristics" : "means";
  return `system.${group}.${key}.xp`;
}

/**
 * The GM's one click on a Harmonies card: the XP the dice earned (RULES 2.7) goes to the skill
 * and to each of the two attributes rolled, and the card then shows it as awarded, once. All
 * three amounts are read and checked before anything is written; a failure while writing
 * undoes what was written. A second click waits for the first and is then refused as already
 * awarded.
 */
export function awardExperience(message: ChatMessage.Implementation, rollIndex: number): Promise<void> {
  return oneAtATime(message.id ?? "", () => award(message, rollIndex));
}

async function award(message: ChatMessage.Implementation, rollIndex: number): Promise<void> {
  if (!game.user.isGM) throw new RollError("WH.Chat.Error.GmOnly");
  const live = message.rolls[rollIndex];
  if (!(live instanceof HarmoniesRoll)) throw new RollError("WH.Chat.Error.NotHarmoniesRoll");
  const state = live.state;
  if (state.xpAwarded) throw new RollError("WH.Chat.Error.XpAlreadyAwarded");
  const points = live.experience;
  if (points === 0) throw new RollError("WH.Chat.Error.NoXp");
  const actor = state.actorUuid ? await fromUuid(state.actorUuid as Parameters<typeof fromUuid>[0]) : null;
  if (!(actor instanceof Actor) || actor.type !== "harmoniesCharacter") throw new RollError("WH.Roll.Error.NoActor");
  const character = actor as Actor.OfType<"harmoniesCharacter">;
  const skill = state.itemUuid ? character.items.find((i) => i.uuid === state.itemUuid && i.type === "harmoniesSkill") : undefined;
  if (state.itemUuid && !skill) throw new RollError("WH.Chat.Error.NoSkill", { name: state.skillName ?? "" });

  const system = character.system;
  const before = {
    [scorePath(state.characteristic)]: system.characteristics[state.characteristic].xp,
    [scorePath(state.means)]: system.means[state.means].xp,
  };
  const after = Object.fromEntries(Object.entries(before).map(([path, xp]) => [path, xp + points]));
  const skillBefore = skill ? (skill as Item.OfType<"harmoniesSkill">).system.xp : 0;

  const roll = detachedCopy(live);
  roll.state.xpAwarded = true;

  await character.update(after as never);
  try {
    if (skill) await skill.update({ "system.xp": skillBefore + points } as never);
    await message.update({ rolls: rollsWith(message, rollIndex, roll) } as never);
  } catch (error) {
    await character.update(before as never);
    if (skill) await skill.update({ "system.xp": skillBefore } as never);
    throw error;
  }
}
