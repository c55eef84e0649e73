import { addWound, woundHarmoniesMember, woundWuxiaMember, type MemberHit, type SoakSeverity } from "../rules";
import { FLEEING_STATUS, markStunned, stun } from "./effects";
import { fightingCount, type GroupMemberData } from "../documents/actors/group";
import { updateSystem } from "../foundry/write";
import { combatSettings } from "../settings/combat";
import { leadingMember } from "./fighters/group";
import { combatantOf, findCombatant } from "./fight";
import { groupTokenFlag, type GroupToken } from "../documents/group-tokens";
import { SYSTEM_ID } from "../foundry/system";

/**
 * Where a hit lands once a card settles it, for each rule set and for groups: a Wuxia defender's
 * NB (RULES 1.4), a Harmonies victim's wound after the soak (RULES 2.5), a group's member
 * ([default] RULES 3.4). The cards' handlers (attack.ts, harmonies-attack.ts) check the request
 * and the card; what the hit does to the actor is written here, by the authority.
 */

/** Marks the fight's combatant of this actor defeated (once). */
async function defeat(combatant: Combatant.Implementation | null | undefined): Promise<void> {
  if (combatant && !combatant.defeated) await combatant.update({ defeated: true } as Combatant.UpdateData);
}

/** What a Wuxia hit carries besides its damage: the surplus invested in Intimidation and Estourbir. */
export interface WuxiaHitEffects {
  intimidation: number;
  estourbir: number;
}

/**
 * A Wuxia hit (RULES 1.4): the damage adds to the defender's NB, Panic +1 per Intimidation, Terre
 * −1 until the end of the next round per Estourbir; past its last panic threshold the defender
 * must flee, at its death threshold its combatant is defeated.
 */
export async function woundWuxia(
  defender: Actor.OfType<"wuxiaCharacter">,
  damage: number,
  effects: WuxiaHitEffects,
): Promise<void> {
  const { wounds, panic } = defender.system;
  await updateSystem(defender, {
    wounds: { value: wounds.value + damage },
    panic: { value: panic.value + effects.intimidation },
  });
  if (effects.estourbir) await stun(defender, effects.estourbir);
  if (defender.system.panic.mustFlee) await defender.toggleStatusEffect(FLEEING_STATUS, { active: true });
  if (defender.system.wounds.dead) await defeat(combatantOf(defender));
}

/** The wound levels of a Harmonies track. */
const LEVELS = ["light", "grave", "critical"] as const;
type WoundLevel = (typeof LEVELS)[number];

/** The level a soaked wound took on the track (after escalation), or "fatal", or null (none, stunned). */
export type PlacedWound = WoundLevel | "fatal" | null;

/** The level a new wound took: the one that grew on the track, or "fatal"; none for no wound or a stun. */
function placedLevel(
  before: Record<WoundLevel, number>,
  after: Record<WoundLevel, number> & { fatal: boolean },
): PlacedWound {
  const grown = LEVELS.find((level) => after[level] > before[level]);
  return grown ?? (after.fatal ? "fatal" : null);
}

/** Where a soak's severity puts the victim's track (RULES 2.5, escalation), and the level the wound took, for the card. */
export function harmoniesWound(
  victim: Actor.OfType<"harmoniesCharacter">,
  severity: SoakSeverity,
): { track: ReturnType<typeof addWound>; placed: PlacedWound } {
  const { light, grave, critical, fatal } = victim.system.wounds;
  const before = { light, grave, critical, fatal };
  const track = addWound(before, severity, { woundMaxima: victim.system.woundMaxima });
  return { track, placed: severity === "none" || severity === "stunned" ? null : placedLevel(before, track) };
}

/**
 * A Harmonies soak's outcome on its victim (RULES 2.5): the track `harmoniesWound` gave written, a
 * stun until the end of the victim's next round, a fatal wound defeating its combatant.
 */
export async function woundHarmonies(
  victim: Actor.OfType<"harmoniesCharacter">,
  severity: SoakSeverity,
  track: ReturnType<typeof addWound>,
): Promise<void> {
  await updateSystem(victim, { wounds: track });
  if (severity === "stunned") await markStunned(victim);
  if (track.fatal) await defeat(combatantOf(victim));
}

/** A hit on a group: Wuxia damage (NB) or a Harmonies soak's severity. */
export type GroupHit = { damage: number } | { severity: SoakSeverity };

/** What a hit did to a group, for the card and the tests. */
export interface GroupHurt {
  /** The sub-group whose member took the hit. */
  label: string;
  /** That member is out of the fight. */
  out: boolean;
  /** Members of the group still fighting. */
  left: number;
}

/**
 * Damage to a group falls on a member of its leading sub-group, the one that fought
 * ([default] RULES 3.4); once the member is out, the next one takes what follows. A member's
 * wound track has a character's default room (4 light, 2 grave, 1 critical). Written in one
 * update of the group; a group with nobody left is marked defeated in the combat. By the
 * authority (the GM owns the group).
 */
export async function hurtGroup(target: Actor.OfType<"group">, hit: GroupHit): Promise<GroupHurt | null> {
  const group = groupActorOf(target);
  const members = group.system.members as GroupMemberData[];
  const leading = leadingMember(group);
  // A blow that wounds nobody (no damage through armour, a soak that absorbs or only stuns) hurts no member.
  const harmless = "damage" in hit ? hit.damage <= 0 : hit.severity === "none" || hit.severity === "stunned";
  if (!leading || harmless) return null;
  const index = members.indexOf(leading);
  const result: MemberHit =
    "damage" in hit
      ? woundWuxiaMember(leading.wounds, hit.damage, { metal: leading.stats.metal, eau: leading.stats.eau })
      : woundHarmoniesMember(leading.wounds, hit.severity, combatSettings().groupMemberOutAt);
  const next = members.map((m, i) =>
    i === index ? { ...m, out: m.out + (result.out ? 1 : 0), wounds: result.wounds } : m,
  );
  await updateSystem(group, { members: next });
  const left = next.reduce((n, m) => n + fightingCount(m), 0);
  if (result.out) await showLoss(group, index, target.isToken ? target.token : null, left === 0);
  if (left === 0) await markDefeated(group);
  return { label: leading.label, out: result.out, left };
}

/** A group token on a scene and what it stands for. */
interface PlacedGroupToken {
  token: TokenDocument.Implementation;
  flag: GroupToken;
}

/** The group's tokens on the scene where it was hit, else where its combatant stands. */
function groupTokensNear(group: Actor.Implementation, hit: TokenDocument.Implementation | null): PlacedGroupToken[] {
  const scene = hit?.parent ?? findCombatant((c) => c.actorId === group.id)?.token?.parent ?? null;
  if (!scene) return [];
  return scene.tokens.contents.flatMap((token) => {
    const flag = token.actorId === group.id ? groupTokenFlag(token) : null;
    return flag ? [{ token, flag }] : [];
  });
}

/** Counts members of the token out, and marks it defeated once all it stands for are. */
async function countOut({ token, flag }: PlacedGroupToken, countedOut: number): Promise<void> {
  await token.update({ flags: { [SYSTEM_ID]: { countedOut } } } as TokenDocument.UpdateData);
  if (countedOut >= flag.count)
    await token.actor?.toggleStatusEffect(CONFIG.specialStatusEffects.DEFEATED, { active: true, overlay: true });
}

/**
 * The tokens show the losses ([default] RULES 3.4): the member put out is counted on a token of
 * its sub-group — the token hit when it stands for that sub-group, else the first with someone
 * left — which is marked defeated once everyone it stands for is out; a routed group has every
 * token marked. Counted here, a member is not counted again by a skull on its token or by the
 * gathering (`uncountedOut`).
 */
async function showLoss(
  group: Actor.Implementation,
  member: number,
  hit: TokenDocument.Implementation | null,
  routed: boolean,
): Promise<void> {
  const standing = groupTokensNear(group, hit).filter(({ flag }) => flag.countedOut < flag.count);
  if (routed) {
    for (const placed of standing) await countOut(placed, placed.flag.count);
    return;
  }
  const ofMember = standing.filter(({ flag }) => flag.member === member);
  const chosen = ofMember.find(({ token }) => token.id === hit?.id) ?? ofMember[0];
  if (chosen) await countOut(chosen, chosen.flag.countedOut + 1);
}

/**
 * The world's group behind a token's synthetic actor: a group's members and their wounds are the
 * group's, whichever of its unlinked tokens (one per member or per sub-group) was hit, so the
 * sheet, the tracker and every token read one count.
 */
function groupActorOf(actor: Actor.OfType<"group">): Actor.OfType<"group"> {
  if (!actor.isToken) return actor;
  const base = game.actors.get(actor.id ?? "");
  return base?.type === "group" ? (base as Actor.OfType<"group">) : actor;
}

async function markDefeated(actor: Actor.Implementation): Promise<void> {
  await defeat(findCombatant((c) => c.actorId === actor.id));
}
