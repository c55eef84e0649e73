import { woundHarmoniesMember, woundWuxiaMember, type MemberHit, type SoakSeverity } from "../rules";
import { fightingCount, type GroupMemberData } from "../documents/actors/group";
import { updateSystem } from "../foundry/write";
import { combatSettings } from "../settings/combat";
import { t } from "../core/i18n";
import { element } from "./card-dom";
import { leadingMember } from "./fighters/group";
import { findCombatant } from "./fight";
import { groupTokenFlag, type GroupToken } from "../documents/group-tokens";
import { SYSTEM_ID } from "../foundry/system";

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
  if (!leading) return null;
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
  const combatant = findCombatant((c) => c.actorId === actor.id);
  if (combatant && !combatant.defeated) await combatant.update({ defeated: true } as Combatant.UpdateData);
}

/** The card's line for a hit on a group: whose member was hurt or put out, and how many fight on. */
export function groupHurtLine(doc: Document, hurt: GroupHurt): HTMLElement {
  if (hurt.left === 0) return element(doc, "p", "wh-warning", t("WH.Combat.GroupRouted", { label: hurt.label }));
  const key = hurt.out ? "WH.Combat.GroupMemberOut" : "WH.Combat.GroupMemberHurt";
  return element(doc, "p", "wh-attack__group", t(key, { label: hurt.label, left: hurt.left }));
}
