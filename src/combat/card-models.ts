import { TALLY_LIMITS } from "../rules/limits";
import { integerField } from "../documents/fields";

/**
 * The combat cards as typed chat messages (ChatMessage sub-types, declared in `system.json`, as
 * dnd5e and Draw Steel type theirs): each card's record is its message's `system`, checked by a
 * data model. A card counts only when a GM's client posted it (`card-record.ts`).
 */

function count() {
  return integerField({ ...TALLY_LIMITS, initial: 0 });
}

function uuidField() {
  return new foundry.data.fields.StringField({ required: true, blank: false });
}

/** What a hit did to a group defender (RULES 3.4): the sub-group hurt, whether its member is out, who fights on. */
function groupHurtField() {
  const fields = foundry.data.fields;
  return new fields.SchemaField(
    {
      label: new fields.StringField({ required: true, blank: true, initial: "" }),
      out: new fields.BooleanField({ initial: false }),
      left: count(),
    },
    { required: false, nullable: true, initial: null },
  );
}

function defineAttackSchema() {
  const fields = foundry.data.fields;
  return {
    weaponUuid: uuidField(),
    /** The weapon's ND when the attack was rolled. */
    weaponDamage: new fields.NumberField({ required: true, nullable: true, integer: true, initial: null }),
    defenderUuid: uuidField(),
    /** The dice the defence spent and the defender's AR then; null until it defends. */
    defence: new fields.SchemaField(
      {
        defenseDice: count(),
        reserve: count(),
        armour: new fields.NumberField({ required: true, nullable: true, integer: true, initial: null }),
      },
      { nullable: true, initial: null },
    ),
    /** Group reserve dice the attacker's side added to the attack's pool. */
    reserveDice: count(),
    /** The combat and round the attack was made in (null outside a started combat). */
    fight: new fields.SchemaField({ combatId: uuidField(), round: count() }, { nullable: true, initial: null }),
    invested: new fields.SchemaField({
      defenseDice: count(),
      groupReserve: count(),
      critique: count(),
      estourbir: count(),
      intimidation: count(),
      precise: count(),
      ame: count(),
    }),
    applied: new fields.BooleanField({ initial: false }),
    groupHurt: groupHurtField(),
  };
}

type AttackSchema = ReturnType<typeof defineAttackSchema>;

/** ChatMessage `attack`: a Wuxia attack card (RULES 1.4). */
export class AttackCardModel extends foundry.abstract.TypeDataModel<AttackSchema, ChatMessage.Implementation> {
  static override defineSchema(): AttackSchema {
    return defineAttackSchema();
  }
}

function defineHarmoniesAttackSchema() {
  const fields = foundry.data.fields;
  return {
    weaponUuid: uuidField(),
    defenderUuid: uuidField(),
    difficulty: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
    damage: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
    /** What the damage was made of when the attack was rolled (RULES 2.5); null on older cards. */
    damageParts: new fields.SchemaField(
      {
        corps: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
        puissance: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
        weapon: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
        /** Whether the attacker's strength (Cp + Pu) counted: not for a missile weapon, by default. */
        strength: new fields.BooleanField({ required: true, initial: true }),
      },
      { nullable: true, initial: null },
    ),
    /** "rolled": the defender parried or dodged; "taken": it took the hit; null: not yet. */
    defence: new fields.StringField({ required: true, nullable: true, choices: ["rolled", "taken"], initial: null }),
    soak: new fields.SchemaField(
      {
        margin: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
        severity: new fields.StringField({
          required: true,
          choices: ["none", "stunned", "light", "grave", "critical"],
          initial: "none",
        }),
        placed: new fields.StringField({
          required: true,
          nullable: true,
          choices: ["light", "grave", "critical", "fatal"],
          initial: null,
        }),
      },
      { nullable: true, initial: null },
    ),
    groupHurt: groupHurtField(),
  };
}

type HarmoniesAttackSchema = ReturnType<typeof defineHarmoniesAttackSchema>;

/** ChatMessage `harmoniesAttack`: a Harmonies attack card (RULES 2.4). */
export class HarmoniesAttackCardModel extends foundry.abstract.TypeDataModel<
  HarmoniesAttackSchema,
  ChatMessage.Implementation
> {
  static override defineSchema(): HarmoniesAttackSchema {
    return defineHarmoniesAttackSchema();
  }
}

function defineWoundCheckSchema() {
  const fields = foundry.data.fields;
  return {
    check: new fields.StringField({ required: true, choices: ["grave", "critical"], initial: "grave" }),
    held: new fields.BooleanField({ initial: false }),
  };
}

type WoundCheckSchema = ReturnType<typeof defineWoundCheckSchema>;

/** ChatMessage `woundCheck`: a Harmonies wound check's card (RULES 2.5). */
export class WoundCheckCardModel extends foundry.abstract.TypeDataModel<WoundCheckSchema, ChatMessage.Implementation> {
  static override defineSchema(): WoundCheckSchema {
    return defineWoundCheckSchema();
  }
}

/** The card models by sub-type, as `CONFIG.ChatMessage.dataModels` takes them. */
export const CARD_MODELS = {
  attack: AttackCardModel,
  harmoniesAttack: HarmoniesAttackCardModel,
  woundCheck: WoundCheckCardModel,
};
