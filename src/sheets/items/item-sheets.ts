import { normaliseName } from "../../documents/items/identifier";
import { signed } from "../../core/format";
import { SystemItemSheet, itemParts } from "../base/item-sheet";

/** Item sheets, one class per item type; they differ by their details part. */

export class WuxiaSkillSheet extends SystemItemSheet {
  static override PARTS = itemParts("wuxia-skill");

  override async _prepareContext(options: Parameters<SystemItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const items = this.item.actor?.items.contents ?? [];
    const parents = items
      .filter((i) => i.type === "wuxiaSkill" && (i as Item.OfType<"wuxiaSkill">).system.category !== "narrow")
      .map((i) => i.name ?? "");
    return Object.assign(context, { parentNames: parents });
  }
}

export class WuxiaPowerSheet extends SystemItemSheet {
  static override PARTS = itemParts("wuxia-power");
}

export class WuxiaTraitSheet extends SystemItemSheet {
  static override PARTS = itemParts("zodiac");
}

export class WuxiaDrameSheet extends SystemItemSheet {
  static override PARTS = itemParts("zodiac");
}

export class WuxiaWeaponSheet extends SystemItemSheet {
  static override PARTS = itemParts("wuxia-weapon");
}

export class WuxiaArmourSheet extends SystemItemSheet {
  static override PARTS = itemParts("wuxia-armour");
}

export class HarmoniesSkillSheet extends SystemItemSheet {
  static override PARTS = itemParts("harmonies-skill");

  override async _prepareContext(options: Parameters<SystemItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const system = (this.item as Item.OfType<"harmoniesSkill">).system;
    return Object.assign(context, { metierNames: system.metiers.join(", "), hobbyNames: system.hobbies.join(", ") });
  }
}

/** Métier and hobby: the list of skills, each shown with the owner's effective level. */
class SkillSetSheet extends SystemItemSheet {
  static override PARTS = itemParts("harmonies-skill-set");

  override async _prepareContext(options: Parameters<SystemItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const skills = (this.item as Item.OfType<"harmoniesMetier" | "harmoniesHobby">).system.skills;
    const items = this.item.actor?.items.contents ?? [];
    const owned = new Map(
      items
        .filter((i) => i.type === "harmoniesSkill")
        .map((i) => [normaliseName(i.name ?? ""), (i as Item.OfType<"harmoniesSkill">).system]),
    );
    return Object.assign(context, {
      skillsText: skills.join("\n"),
      skillRows: skills.map((name) => {
        const skill = owned.get(normaliseName(name));
        const level = skill?.level ?? null;
        return {
          name,
          level: level === null ? "—" : signed(level),
          effective: skill ? signed(skill.effective.level) : "—",
          owned: Boolean(skill),
        };
      }),
    });
  }
}

export class HarmoniesMetierSheet extends SkillSetSheet {}

export class HarmoniesHobbySheet extends SkillSetSheet {}

export class HarmoniesWeaponSheet extends SystemItemSheet {
  static override PARTS = itemParts("harmonies-weapon");
}

export class HarmoniesArmourSheet extends SystemItemSheet {
  static override PARTS = itemParts("harmonies-armour");
}

export const ITEM_SHEETS = {
  wuxiaSkill: WuxiaSkillSheet,
  wuxiaPower: WuxiaPowerSheet,
  wuxiaTrait: WuxiaTraitSheet,
  wuxiaDrame: WuxiaDrameSheet,
  wuxiaWeapon: WuxiaWeaponSheet,
  wuxiaArmour: WuxiaArmourSheet,
  harmoniesSkill: HarmoniesSkillSheet,
  harmoniesMetier: HarmoniesMetierSheet,
  harmoniesHobby: HarmoniesHobbySheet,
  harmoniesWeapon: HarmoniesWeaponSheet,
  harmoniesArmour: HarmoniesArmourSheet,
} as const;
