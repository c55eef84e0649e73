import { type HarmoniesCharacteristicKey, type HarmoniesMeansKey, type WuxiaAttributeKey } from "../rules/vocabulary";
import { slugOf } from "../documents/items/identifier";
import { UserError } from "../core/errors";
import { type WuxiaSubject, wuxiaSubject } from "./wuxia/subject";
import { type HarmoniesSubject, harmoniesSubject } from "./harmonies/subject";
import {
  type CombinedSubject,
  type GroupSubject,
  type WuxiaGroupSubject,
  groupSubject,
  wuxiaGroupSubject,
} from "./groups/subject";

/**
 * What a roll needs to know about an actor and the item rolled, read from the documents' data
 * models in one place: the dialog, the sheets' roll actions, the macro API and the hotbar all
 * start from a subject.
 */

export type RollSubject = WuxiaSubject | HarmoniesSubject | GroupSubject | CombinedSubject | WuxiaGroupSubject;

/** What the roll starts from when an item was clicked or dragged to the hotbar. */
export interface RollStart {
  attribute?: WuxiaAttributeKey;
  characteristic?: HarmoniesCharacteristicKey;
  means?: HarmoniesMeansKey;
  /** The id of the skill (or power) choice to select. */
  skillId?: string;
  /** SR 10 for Wuxia attacks (RULES 1.4). */
  sr?: number;
}

export function rollSubject(actor: Actor.Implementation | null | undefined): RollSubject {
  if (!actor) throw new UserError("WH.Roll.Error.NoActor");
  switch (actor.type) {
    case "wuxiaCharacter":
      return wuxiaSubject(actor as Actor.OfType<"wuxiaCharacter">);
    case "harmoniesCharacter":
      return harmoniesSubject(actor as Actor.OfType<"harmoniesCharacter">);
    case "group": {
      const group = actor as Actor.OfType<"group">;
      return group.system.ruleset === "wuxia" ? wuxiaGroupSubject(group) : groupSubject(group);
    }
    default:
      throw new UserError("WH.Roll.Error.NotRollable", { name: actor.name ?? "" });
  }
}

/**
 * Where a click on an item starts the roll: a skill or power selects itself; a weapon selects
 * its skill (by its identifier) with the attack's attribute — Feu and SR 10 in Wuxia (RULES 1.4),
 * Agilité with Précision (missile) or Manœuvre (melee) in Harmonies.
 */
export function rollStart(subject: RollSubject, item: Item.Implementation | null | undefined): RollStart {
  if (!item) return {};
  if (item.parent !== subject.actor)
    throw new UserError("WH.Roll.Error.ItemNotOwned", { item: item.name ?? "", actor: subject.name });
  switch (item.type) {
    case "wuxiaSkill":
      return { skillId: item.id ?? "" };
    case "wuxiaPower":
      return { skillId: item.id ?? "", attribute: (item as Item.OfType<"wuxiaPower">).system.attribute };
    case "wuxiaWeapon":
      return {
        attribute: "feu",
        sr: 10,
        skillId: weaponSkillId(subject, (item as Item.OfType<"wuxiaWeapon">).system.skill),
      };
    case "harmoniesSkill": {
      const skill = (item as Item.OfType<"harmoniesSkill">).system;
      return { skillId: item.id ?? "", characteristic: skill.characteristic, means: skill.means };
    }
    case "harmoniesWeapon": {
      const weapon = (item as Item.OfType<"harmoniesWeapon">).system;
      return {
        skillId: weaponSkillId(subject, weapon.skill),
        characteristic: "agilite",
        means: weapon.range === "missile" ? "precision" : "manoeuvre",
      };
    }
    default:
      throw new UserError("WH.Roll.Error.ItemNotRollable", { item: item.name ?? "" });
  }
}

/** The skill a weapon names, by its identifier (a weapon made before identifiers names it, read as its slug). */
function weaponSkillId(subject: RollSubject, skill: string): string | undefined {
  if ((subject.kind !== "wuxia" && subject.kind !== "harmonies") || !skill.trim()) return undefined;
  const wanted = slugOf(skill);
  return (subject.skills as { id: string; identifier: string }[]).find((s) => s.identifier === wanted)?.id;
}
