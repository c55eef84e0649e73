import { documentAt } from "../../foundry/documents";
import { updateRolls } from "../../foundry/rolls";
import { updateSystem } from "../../foundry/write";
import { SYSTEM_ID } from "../../foundry/system";
import { HARMONIES_CHARACTERISTICS, HARMONIES_MEANS, type HarmoniesAttributeKey } from "../../rules/vocabulary";
import { UserError } from "../../core/errors";
import { HarmoniesRoll } from "./roll";
import { carryOut, handleRequest } from "../../requests/authority";
import { countField, textField } from "../../requests/payload";
import { detachedCopy, messageById, requireAuthorOwns, rollsWith } from "../card-subject";

export const AWARD_XP = "awardXp";
/** The awards paid, by message and roll: a world setting, which only a GM can write. */
const AWARDS_SETTING = "xpAwards";

type Awards = Record<string, number>;

function awardKey(messageId: string, rollIndex: number): string {
  return `${messageId}.${rollIndex}`;
}

function awards(): Awards {
  return { ...(game.settings.get(SYSTEM_ID, AWARDS_SETTING) as Awards) };
}

/** Whether the experience of a message's roll has been paid (the card's own mark aside). */
export function experienceAwarded(message: ChatMessage.Implementation, rollIndex: number): boolean {
  return Object.hasOwn(awards(), awardKey(message.id ?? "", rollIndex));
}

function scorePath(key: HarmoniesAttributeKey): string {
  const group = (HARMONIES_CHARACTERISTICS as readonly string[]).includes(key) ? "characteristics" : "means";
  return `system.${group}.${key}.xp`;
}

/**
 * The GM's one click on a Harmonies card: the XP the dice earned (RULES 2.7) goes to the skill
 * and to each of the two attributes rolled, once. Carried out by the authority, so two GMs
 * clicking at once pay it once.
 */
export async function awardExperience(message: ChatMessage.Implementation, rollIndex: number): Promise<void> {
  if (!game.user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
  await carryOut(AWARD_XP, { messageId: message.id ?? "", rollIndex });
}

/**
 * What the roll says is the author's: the card is their message. So the award is worked out
 * again from what the GM can trust — the amount from the dice's faces, the attributes only
 * among the known keys, the skill only among the actor's own items, the actor only one the
 * message's author owns — and the award is recorded where only a GM writes. All three amounts
 * are read and checked before anything is written; a failure while writing undoes what was
 * written.
 */
async function award(payload: unknown, requester: User.Implementation): Promise<void> {
  if (!requester.isGM) throw new UserError("WH.Chat.Error.GmOnly");
  const messageId = textField(payload, "messageId");
  const rollIndex = countField(payload, "rollIndex", 1);
  const message = messageById(messageId);
  const live = message.rolls[rollIndex];
  if (!(live instanceof HarmoniesRoll)) throw new UserError("WH.Chat.Error.NotHarmoniesRoll");
  const key = awardKey(messageId, rollIndex);
  const paid = awards();
  if (Object.hasOwn(paid, key)) throw new UserError("WH.Chat.Error.XpAlreadyAwarded");
  const state = live.state;
  if (
    !(HARMONIES_CHARACTERISTICS as readonly string[]).includes(state.characteristic) ||
    !(HARMONIES_MEANS as readonly string[]).includes(state.means)
  ) {
    throw new UserError("WH.Request.Error.BadField", { field: "characteristic/means" });
  }
  // The faces are the author's to rewrite: only a roll the system could have made earns anything.
  if (!live.readable) throw new UserError("WH.Chat.Error.XpUnreadable");
  const points = live.experience;
  if (points === 0) throw new UserError("WH.Chat.Error.NoXp");
  const actor = state.actorUuid ? await documentAt(state.actorUuid) : null;
  if (!(actor instanceof Actor) || actor.type !== "harmoniesCharacter") throw new UserError("WH.Roll.Error.NoActor");
  requireAuthorOwns(message, actor as Actor.Implementation);
  const character = actor as Actor.OfType<"harmoniesCharacter">;
  const skill = state.itemUuid
    ? character.items.find((i) => i.uuid === state.itemUuid && i.type === "harmoniesSkill")
    : undefined;
  if (state.itemUuid && !skill) throw new UserError("WH.Chat.Error.NoSkill", { name: state.skillName ?? "" });

  const system = character.system;
  const before = {
    [scorePath(state.characteristic)]: system.characteristics[state.characteristic].xp,
    [scorePath(state.means)]: system.means[state.means].xp,
  };
  const after = Object.fromEntries(Object.entries(before).map(([path, xp]) => [path, xp + points]));
  const skillBefore = skill ? (skill as Item.OfType<"harmoniesSkill">).system.xp : 0;

  const roll = detachedCopy(live);
  roll.state.xpAwarded = true;

  await game.settings.set(SYSTEM_ID, AWARDS_SETTING, { ...paid, [key]: points });
  try {
    await character.update(after);
    if (skill) await updateSystem(skill as Item.OfType<"harmoniesSkill">, { xp: skillBefore + points });
    await updateRolls(message, rollsWith(message, rollIndex, roll));
  } catch (error) {
    await character.update(before);
    if (skill) await updateSystem(skill as Item.OfType<"harmoniesSkill">, { xp: skillBefore });
    await game.settings.set(SYSTEM_ID, AWARDS_SETTING, paid);
    throw error;
  }
}

export function registerExperience(): void {
  game.settings.register(SYSTEM_ID, AWARDS_SETTING, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  handleRequest(AWARD_XP, award);
}
