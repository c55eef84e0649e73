import {
  HARMONIES_VALUE_LIMITS,
  MEMBER_COUNT_RANGE,
  SUBGROUPS_PER_GROUP,
  TALLY_LIMITS,
  WUXIA_ATTRIBUTE_RANGE,
} from "../../rules/limits";
import {
  UNHURT,
  combineValueCounts,
  groupHomogeneity,
  valueOf,
  type Homogeneity,
  type MemberWounds,
} from "../../rules";
import {
  ATTRIBUTE_LABEL_PREFIX,
  HARMONIES_ATTRIBUTES,
  HARMONIES_CHARACTERISTICS,
  HARMONIES_MEANS,
  RULESETS,
  RULESET_LABEL_PREFIX,
  WUXIA_ATTRIBUTES,
  choiceLabels,
  type HarmoniesAttributeKey,
  type Ruleset,
  type WuxiaAttributeKey,
} from "../../rules/vocabulary";
import { choiceField, htmlField, integerField, textField } from "../fields";
import { isObject, type SourceData } from "../migrations";

/** Stats of a new sub-group: Wuxia attributes at 2, Harmonies Values and the skill at 0. */
const NEW_WUXIA_STAT = 2;
const NEW_HARMONIES_STAT = 0;

/** A complete new sub-group, as the schema would fill it. */
export function newMember(label: string): GroupMemberData {
  const stats = {
    ...Object.fromEntries(WUXIA_ATTRIBUTES.map((k) => [k, NEW_WUXIA_STAT])),
    ...Object.fromEntries(HARMONIES_ATTRIBUTES.map((k) => [k, NEW_HARMONIES_STAT])),
    skill: NEW_HARMONIES_STAT,
  } as GroupMemberData["stats"];
  return { label, count: 1, out: 0, wounds: { ...UNHURT }, stats };
}

function defineMemberStats() {
  const fields = foundry.data.fields;
  const wuxia = Object.fromEntries(
    WUXIA_ATTRIBUTES.map((k) => [k, integerField({ ...WUXIA_ATTRIBUTE_RANGE, initial: NEW_WUXIA_STAT })]),
  );
  const harmonies = Object.fromEntries(
    HARMONIES_ATTRIBUTES.map((k) => [k, integerField({ ...HARMONIES_VALUE_LIMITS, initial: NEW_HARMONIES_STAT })]),
  );
  return new fields.SchemaField({
    ...(wuxia as Record<WuxiaAttributeKey, ReturnType<typeof integerField>>),
    ...(harmonies as Record<HarmoniesAttributeKey, ReturnType<typeof integerField>>),
    /** The level of the skill the group acts with (the same for every member of the sub-group). */
    skill: integerField({ ...HARMONIES_VALUE_LIMITS, initial: NEW_HARMONIES_STAT }),
  });
}

function defineGroupSchema() {
  const fields = foundry.data.fields;
  return {
    ruleset: choiceField(choiceLabels(RULESETS, RULESET_LABEL_PREFIX), "harmonies"),
    /** Sub-groups of identical individuals. Only the stats of the group's rule set are used. */
    members: new fields.ArrayField(
      new fields.SchemaField({
        label: textField(),
        count: integerField({ ...MEMBER_COUNT_RANGE, initial: 1 }),
        /** Members of the sub-group out of the fight (RULES 3.4): left out of the size, Values and rolls. */
        out: integerField({ min: 0, max: MEMBER_COUNT_RANGE.max, initial: 0 }),
        /** The wounds of the one member being hurt; the others are unhurt (RULES 3.4). */
        wounds: new fields.SchemaField({
          nb: integerField({ ...TALLY_LIMITS, initial: 0 }),
          light: integerField({ ...TALLY_LIMITS, initial: 0 }),
          grave: integerField({ ...TALLY_LIMITS, initial: 0 }),
          critical: integerField({ ...TALLY_LIMITS, initial: 0 }),
        }),
        stats: defineMemberStats(),
      }),
      { max: SUBGROUPS_PER_GROUP },
    ),
    /** The attribute(s) of the action the group takes, for the homogeneity check (RULES 3.2). */
    action: new fields.SchemaField({
      characteristic: choiceField(choiceLabels(HARMONIES_CHARACTERISTICS, ATTRIBUTE_LABEL_PREFIX), "agilite"),
      means: choiceField(choiceLabels(HARMONIES_MEANS, ATTRIBUTE_LABEL_PREFIX), "manoeuvre"),
      attribute: choiceField(choiceLabels(WUXIA_ATTRIBUTES, ATTRIBUTE_LABEL_PREFIX), "feu"),
    }),
    description: htmlField(),
  };
}

type GroupSchema = ReturnType<typeof defineGroupSchema>;

export interface GroupMemberData {
  label: string;
  count: number;
  out: number;
  wounds: MemberWounds;
  stats: Record<WuxiaAttributeKey | HarmoniesAttributeKey | "skill", number>;
}

export interface CombinedAttribute {
  key: HarmoniesAttributeKey;
  /** The group's combined Value (RULES 3.1). */
  value: number;
  /**
   * Values set aside, weakest first; `members` names the sub-groups whose Value it is, pooled
   * with those sharing it (a Value reached by merging different Values names none).
   */
  setAside: { value: number; members: string[] }[];
}

export type GroupDerived = {
  /** Number of individuals still in the fight. */
  size: number;
  /** Each sub-group's members still in the fight, in the order of `members`. */
  fighting: number[];
  /** Each sub-group's attribute (+ means) + skill for the group's action. */
  actionScores: number[];
  /** Null without members (RULES 3.2). */
  homogeneity: Homogeneity | null;
  /** Harmonies groups only: the combined Value of each characteristic and means. */
  combined: CombinedAttribute[];
};

/** Actor `group`: NPCs of either rule set acting as one. */
export class GroupModel extends foundry.abstract.TypeDataModel<
  GroupSchema,
  Actor.Implementation,
  Record<string, never>,
  GroupDerived
> {
  static override LOCALIZATION_PREFIXES = ["WH.Actor.Group"];

  static override defineSchema(): GroupSchema {
    return defineGroupSchema();
  }

  /** Earlier shape: members with `name`/`number` and flat stats. */
  static override migrateData(source: SourceData): SourceData {
    if (Array.isArray(source.members)) {
      const members: unknown[] = source.members;
      // A group made before the bound keeps its first sub-groups rather than failing to load.
      source.members = members.slice(0, SUBGROUPS_PER_GROUP).map((m) => (isObject(m) ? migrateMember(m) : m));
    }
    return super.migrateData(source);
  }

  /** A sub-group's score for the group's action: the attribute (Harmonies: characteristic + means) plus the skill. */
  actionScore(member: GroupMemberData): number {
    const s = member.stats;
    if (this.ruleset === "wuxia") return s[this.action.attribute] + s.skill;
    return s[this.action.characteristic] + s[this.action.means] + s.skill;
  }

  override prepareDerivedData(): void {
    const all = this.members as GroupMemberData[];
    this.fighting = all.map(fightingCount);
    this.size = this.fighting.reduce((sum, n) => sum + n, 0);
    const members = activeMembers(all);
    this.actionScores = all.map((m) => this.actionScore(m));
    this.homogeneity = members.length ? groupHomogeneity(members.map((m) => this.actionScore(m))) : null;
    this.combined =
      (this.ruleset as Ruleset) === "harmonies" && members.length
        ? HARMONIES_ATTRIBUTES.map((key) => combine(key, members))
        : [];
  }
}

/** A sub-group's members still in the fight: more out than there are members leaves none. */
export function fightingCount(member: GroupMemberData): number {
  return Math.max(0, member.count - member.out);
}

/** The sub-groups with someone still in the fight, each counted at the members left. */
export function activeMembers(members: readonly GroupMemberData[]): GroupMemberData[] {
  return members.filter((m) => fightingCount(m) > 0).map((m) => ({ ...m, count: fightingCount(m) }));
}

/** Costs what the sub-groups cost, not the members: an army of 10 000 a line is 400 pairs. */
function combine(key: HarmoniesAttributeKey, members: GroupMemberData[]): CombinedAttribute {
  const { value, setAside } = combineValueCounts(members.map((m) => ({ value: m.stats[key], count: m.count })));
  const pools = equalValuePools(key, members);
  return {
    key,
    value,
    setAside: setAside.map((v) => ({ value: v, members: pools.filter((p) => p.value === v).flatMap((p) => p.labels) })),
  };
}

/**
 * The first step of the book's procedure (RULES 3.1): everyone sharing a Value forms one group
 * at Value + Value(how many). Three sergeants at +2 are one group at +7, so a set-aside +7 is
 * theirs. A pool that meets another at the same Value merges further, and no set-aside Value
 * can then equal its own, so matching set-aside Values against these pools names the right
 * sub-groups, or none when the Value came from merging different ones.
 */
function equalValuePools(
  key: HarmoniesAttributeKey,
  members: GroupMemberData[],
): { value: number; labels: string[] }[] {
  const byValue = new Map<number, { count: number; labels: string[] }>();
  for (const m of members) {
    const pool = byValue.get(m.stats[key]) ?? { count: 0, labels: [] };
    pool.count += m.count;
    pool.labels.push(m.label);
    byValue.set(m.stats[key], pool);
  }
  return [...byValue].map(([v, pool]) => ({ value: v + valueOf(pool.count), labels: pool.labels }));
}

/** The keys a member's stats once sat under, flat on the member. */
const STAT_KEYS = [...WUXIA_ATTRIBUTES, ...HARMONIES_ATTRIBUTES, "skill"];

function migrateMember(member: SourceData): SourceData {
  const out: SourceData = { ...member };
  if ("name" in out && !("label" in out)) out.label = out.name;
  if ("number" in out && !("count" in out)) out.count = out.number;
  delete out.name;
  delete out.number;
  if (!isObject(out.stats)) {
    const stats = Object.fromEntries(STAT_KEYS.filter((k) => typeof out[k] === "number").map((k) => [k, out[k]]));
    if (Object.keys(stats).length) out.stats = stats;
  }
  for (const k of STAT_KEYS) Reflect.deleteProperty(out, k);
  return out;
}
