import { SYSTEM_ID } from "../foundry/system";
import { fightingCount, type GroupMemberData } from "../documents/actors/group";
import { updateSystem } from "../foundry/write";
import { t } from "../core/i18n";
import { groupTokenFlag, uncountedOut } from "../documents/group-tokens";
import type { GroupTokenFlag } from "../foundry/flags";

/**
 * A group's tokens on the scene (GM only): placed one per member still fighting or one per
 * sub-group, and gathered back into the group, members whose token is marked defeated counted out
 * of the fight (RULES 3.4). The tokens are unlinked tokens of the group actor, each flagged with
 * its sub-group.
 */

/** One token per member still fighting, or one per sub-group with someone still fighting. */
export type PlaceMode = "members" | "subgroups";
export const PLACE_MODES: readonly PlaceMode[] = ["members", "subgroups"];

/** Tokens one placing puts on the scene, whichever the mode: more would bury the scene (and the server's request). */
export const MAX_PLACED_TOKENS = 100;

export interface PlaceOptions {
  mode: PlaceMode;
  /** The scene to place them on; default the scene the GM views. */
  scene?: Scene.Implementation | null;
  /** Where the block of tokens is centred, in canvas pixels; default the view's centre, else the scene's. */
  x?: number;
  y?: number;
}

/** A token to place: its name, its sub-group's index and how many members it stands for. */
export interface PlannedToken {
  name: string;
  member: number;
  count: number;
}

/** The Foundry pieces read here (Scene, TokenDocument, the canvas), as far as this module uses them. */
interface SceneLike {
  id: string;
  grid: { size: number };
  dimensions?: { sceneX: number; sceneY: number; sceneWidth: number; sceneHeight: number };
  createEmbeddedDocuments(name: "Token", data: object[]): Promise<unknown[]>;
  deleteEmbeddedDocuments(name: "Token", ids: string[]): Promise<unknown>;
}

interface TokenLike {
  id: string;
  name: string;
  x: number;
  y: number;
  hidden: boolean;
  parent: SceneLike | null;
  baseActor: Actor.Implementation | null;
  actor: Actor.Implementation | null;
  flags: Record<string, Record<string, unknown> | undefined>;
}

interface CanvasLike {
  scene: SceneLike | null;
  stage?: { pivot: { x: number; y: number } };
  tokens?: { controlled: { document: TokenLike }[] };
}

type GroupActor = Actor.OfType<"group">;

function canvasNow(): CanvasLike | null {
  return (globalThis as { canvas?: CanvasLike | null }).canvas ?? null;
}

function refuse(key: string, data?: Record<string, string | number>): null {
  ui.notifications.warn(t(key, data));
  return null;
}

function isGroup(actor: unknown): actor is GroupActor {
  return actor instanceof Actor && actor.type === "group";
}

function membersOf(group: GroupActor): GroupMemberData[] {
  return group.system.members as GroupMemberData[];
}

/** A sub-group's name on its tokens: its label, else the group's name. */
function labelOf(group: GroupActor, member: GroupMemberData): string {
  return member.label.trim() || (group.name ?? "");
}

/**
 * The tokens a placement makes, in the order of the sub-groups: "Garde 1", "Garde 2"… for each
 * member still fighting, or "Garde ×25" for each sub-group with someone still fighting.
 */
export function plannedTokens(group: GroupActor, mode: PlaceMode): PlannedToken[] {
  return membersOf(group).flatMap((m, member) => {
    const fighting = fightingCount(m);
    const label = labelOf(group, m);
    if (fighting === 0) return [];
    if (mode === "subgroups")
      return [{ name: t("WH.Tokens.SubgroupName", { label, count: fighting }), member, count: fighting }];
    return Array.from({ length: fighting }, (_, k) => ({ name: `${label} ${k + 1}`, member, count: 1 }));
  });
}

/** How many tokens each mode would place: the members still fighting, and the sub-groups with one. */
export function placeCounts(group: GroupActor): Record<PlaceMode, number> {
  const fighting = membersOf(group).map(fightingCount);
  return { members: fighting.reduce((a, b) => a + b, 0), subgroups: fighting.filter((n) => n > 0).length };
}

/**
 * Top-left corners of `count` tokens of `cell` pixels in a square-ish block centred on `centre`,
 * row by row, the block's corner on the grid.
 */
export function blockLayout(
  count: number,
  centre: { x: number; y: number },
  cell: { width: number; height: number },
  gridSize: number,
): { x: number; y: number }[] {
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const snap = (v: number) => Math.round(v / gridSize) * gridSize;
  const left = snap(centre.x - (columns * cell.width) / 2);
  const top = snap(centre.y - (rows * cell.height) / 2);
  return Array.from({ length: count }, (_, i) => ({
    x: left + (i % columns) * cell.width,
    y: top + Math.floor(i / columns) * cell.height,
  }));
}

/** The point given, else the centre of the view when it shows that scene, else the scene's centre. */
function placeCentre(scene: SceneLike, options: PlaceOptions): { x: number; y: number } {
  const view = canvasNow();
  const pivot = view?.scene?.id === scene.id ? view.stage?.pivot : undefined;
  const d = scene.dimensions;
  const sceneCentre = d ? { x: d.sceneX + d.sceneWidth / 2, y: d.sceneY + d.sceneHeight / 2 } : { x: 0, y: 0 };
  const fallback = pivot ?? sceneCentre;
  return { x: options.x ?? fallback.x, y: options.y ?? fallback.y };
}

/**
 * Places the group's tokens on the scene in one request: unlinked tokens of the group actor, named
 * and flagged with their sub-group, in a block around the point. GM only; refusals are shown and
 * resolve with null, nothing placed.
 */
export async function placeGroupTokens(group: unknown, options: PlaceOptions): Promise<unknown[] | null> {
  if (!game.user?.isGM) return refuse("WH.Tokens.Error.NotGM");
  if (!isGroup(group)) return refuse("WH.Tokens.Error.NotGroup");
  if (!PLACE_MODES.includes(options.mode)) return refuse("WH.Tokens.Error.Mode");
  const scene = (options.scene ?? canvasNow()?.scene ?? null) as SceneLike | null;
  if (!scene) return refuse("WH.Tokens.Error.NoScene");
  const planned = plannedTokens(group, options.mode);
  if (planned.length === 0) return refuse("WH.Tokens.Error.NobodyFighting", { name: group.name ?? "" });
  if (planned.length > MAX_PLACED_TOKENS)
    return refuse(options.mode === "members" ? "WH.Tokens.Error.TooMany" : "WH.Tokens.Error.TooManySubgroups", {
      count: planned.length,
      max: MAX_PLACED_TOKENS,
    });
  const size = scene.grid.size;
  const prototype: { width?: number | null; height?: number | null } = group.prototypeToken;
  const cell = { width: (prototype.width ?? 1) * size, height: (prototype.height ?? 1) * size };
  const spots = blockLayout(planned.length, placeCentre(scene, options), cell, size);
  const data = await Promise.all(
    planned.map(async ({ name, member, count }, i) => {
      const spot = spots[i] ?? { x: 0, y: 0 };
      const flag: GroupTokenFlag = { member, count, countedOut: 0 };
      const token = await group.getTokenDocument({
        name,
        x: spot.x,
        y: spot.y,
        actorLink: false,
        flags: { [SYSTEM_ID]: flag },
      });
      return token.toObject();
    }),
  );
  return scene.createEmbeddedDocuments("Token", data);
}

/** The token is marked with the combat's defeated status (CONFIG.specialStatusEffects.DEFEATED). */
function isDefeated(token: TokenLike): boolean {
  const defeated = CONFIG.specialStatusEffects.DEFEATED;
  return token.actor?.statuses.has(defeated) ?? false;
}

/**
 * Each sub-group's members put out by the defeated tokens: a member token one, a sub-group token
 * all it stood for — less those the attack cards already counted out (their tokens are marked as
 * they go out), so a skull put on such a token counts nothing more.
 */
export function outByTokens(tokens: readonly TokenLike[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const token of tokens) {
    const flag = groupTokenFlag(token);
    if (flag && isDefeated(token)) out.set(flag.member, (out.get(flag.member) ?? 0) + uncountedOut(flag));
  }
  return out;
}

export interface GatheredGroup {
  name: string;
  tokens: number;
  /** Members newly counted out of the fight from defeated tokens. */
  out: number;
}

function documentOf(token: unknown): TokenLike {
  const placeable = token as { document?: TokenLike };
  return placeable.document ?? (token as TokenLike);
}

/**
 * Gathers tokens back into their groups (default: the tokens the GM selected): each group's
 * members whose tokens are marked defeated are counted out of the fight, in one update of the
 * group; the tokens are removed in one request per scene, and one token of the group is left
 * where its first one stood. Tokens of no group are left alone, with a warning. GM only.
 */
export async function gatherGroupTokens(tokens?: readonly unknown[]): Promise<GatheredGroup[] | null> {
  if (!game.user?.isGM) return refuse("WH.Tokens.Error.NotGM");
  const chosen = (tokens ?? canvasNow()?.tokens?.controlled ?? []).map(documentOf);
  if (chosen.length === 0) return refuse("WH.Tokens.Error.NoneSelected");
  const byGroup = new Map<GroupActor, TokenLike[]>();
  const strays: TokenLike[] = [];
  for (const token of chosen) {
    const group = token.baseActor;
    if (isGroup(group) && token.parent) byGroup.set(group, [...(byGroup.get(group) ?? []), token]);
    else strays.push(token);
  }
  if (strays.length) refuse("WH.Tokens.Warn.NotGroup", { names: strays.map((s) => s.name).join(", ") });
  if (byGroup.size === 0) return null;
  const byScene = new Map<SceneLike, { ids: string[]; left: object[] }>();
  const sceneEntry = (scene: SceneLike) => {
    const entry = byScene.get(scene) ?? { ids: [], left: [] };
    byScene.set(scene, entry);
    return entry;
  };
  const gathered: GatheredGroup[] = [];
  const losses: { group: GroupActor; members: GroupMemberData[] }[] = [];
  for (const [group, groupTokens] of byGroup) {
    const out = outByTokens(groupTokens);
    const before = membersOf(group);
    // A sub-group cannot lose more members than it has; what was already out stays out.
    const members = before.map((m, i) => {
      const lost = out.get(i);
      return lost ? { ...m, out: Math.max(m.out, Math.min(m.count, m.out + lost)) } : m;
    });
    const newlyOut = members.reduce((n, m, i) => n + m.out - (before[i]?.out ?? 0), 0);
    if (newlyOut > 0) losses.push({ group, members });
    for (const token of groupTokens) sceneEntry(token.parent as SceneLike).ids.push(token.id);
    const [first] = groupTokens as [TokenLike];
    const left = await group.getTokenDocument({
      x: first.x,
      y: first.y,
      hidden: first.hidden,
      actorLink: false,
    });
    sceneEntry(first.parent as SceneLike).left.push(left.toObject());
    gathered.push({
      name: group.name ?? "",
      tokens: groupTokens.length,
      out: newlyOut,
    });
  }
  // The tokens go first: if their removal fails, no loss is written, and gathering again counts
  // each defeated token once — never the same dead twice.
  for (const [scene, { ids }] of byScene) await scene.deleteEmbeddedDocuments("Token", ids);
  for (const { group, members } of losses) await updateSystem(group, { members });
  for (const [scene, { left }] of byScene) if (left.length) await scene.createEmbeddedDocuments("Token", left);
  for (const g of gathered)
    ui.notifications.info(
      t("WH.Tokens.Gathered", {
        name: g.name,
        tokens: t("WH.Count.Tokens", { count: g.tokens }),
        out: t("WH.Count.Members", { count: g.out }),
      }),
    );
  return gathered;
}
