import { vi } from "vitest";
import { asClient } from "../foundry/clients";
import { installFoundry, type FoundryDouble } from "../foundry/install";
import { renderTemplatesFromDisk } from "../foundry/templates";

/**
 * A started world for the roll tests: the Foundry double with real templates, the whole system
 * loaded through its entry module, and fixture actors. Not part of the system's bundle.
 */

export type Generation = 13 | 14;

export async function startWorld(
  options: {
    generation?: Generation;
    lang?: "en" | "fr";
    isGM?: boolean;
    /** What the world holds before `ready` (documents an earlier version wrote, say). */
    beforeReady?: () => Promise<void>;
  } = {},
): Promise<FoundryDouble> {
  const foundry = installFoundry(options);
  renderTemplatesFromDisk();
  vi.resetModules();
  await import("../../src/index");
  foundry.fireSetupHooks();
  await options.beforeReady?.();
  foundry.fireReadyHook();
  return foundry;
}

/** A random source yielding chosen faces of d`sides` (d10 unless told), in order: Foundry reads ceil((1 − u) · sides). */
export function facesRandom(faces: readonly number[], sides = 10): () => number {
  let next = 0;
  return () => {
    const face = faces[next++];
    if (face === undefined) throw new Error(`facesRandom: only ${faces.length} faces were scripted`);
    return 1 - (face - 0.5) / sides;
  };
}

type AnyObject = Record<string, unknown>;
interface WorldGame {
  actors: { add(doc: unknown): unknown };
  users: { contents: { id: string; isGM: boolean }[] };
}

function game(): WorldGame {
  return (globalThis as unknown as { game: WorldGame }).game;
}

export function playerId(): string {
  return game().users.contents.find((u) => !u.isGM)?.id ?? "";
}

/** The second player, connected and owning nothing unless a test gives it something. */
export function strangerId(): string {
  return game().users.contents.filter((u) => !u.isGM)[1]?.id ?? "";
}

/**
 * Creates an actor in the world (and its items), owned by the player unless told otherwise. The
 * GM creates it, as in a world the GM prepares (a player lacks ACTOR_CREATE by default), whoever
 * the test acts as.
 */
export async function createActor(
  data: AnyObject & { items?: AnyObject[] },
  options: { ownedByPlayer?: boolean } = {},
): Promise<Actor.Implementation> {
  const ownership = options.ownedByPlayer === false ? { default: 0 } : { default: 0, [playerId()]: 3 };
  const { items = [], ...rest } = data;
  const g = globalThis as unknown as { game: { user: unknown } };
  const actingUser = g.game.user;
  actAs("gm");
  try {
    const actor = (await (Actor as unknown as { create(data: AnyObject): Promise<Actor.Implementation> }).create({
      ownership,
      ...rest,
    })) as Actor.Implementation;
    if (items.length) await actor.createEmbeddedDocuments("Item", items as never);
    return actor;
  } finally {
    g.game.user = actingUser;
  }
}

/** Lets players hold a core permission, as the GM does in the world's permission settings. */
export function grantPermission(permission: "ACTOR_CREATE" | "ITEM_CREATE" | "SETTINGS_MODIFY", role = 1): void {
  const g = globalThis as unknown as { game: { permissions: Record<string, number[]> } };
  g.game.permissions[permission]?.push(role);
}

/** Wuxia hero: Feu 5, Chasseur 3 with the specialisation Tir à l'arc, a power, two Destiny dice. */
export function wuxiaHero(name = "Lin Mei", system: AnyObject = {}): Promise<Actor.Implementation> {
  return createActor({
    name,
    type: "wuxiaCharacter",
    system: { attributes: { metal: 3, feu: 5, terre: 4, eau: 3, bois: 2 }, destiny: 2, ...system },
    items: [
      { name: "Chasseur", type: "wuxiaSkill", system: { category: "metier", level: 3 } },
      { name: "Tir à l'arc", type: "wuxiaSkill", system: { category: "narrow", parentSkill: "Chasseur", level: 1 } },
      { name: "Bond du tigre", type: "wuxiaPower", system: { level: 2, attribute: "terre" } },
      { name: "Arc long", type: "wuxiaWeapon", system: { damage: 3, skill: "Tir à l'arc" } },
    ],
  });
}

/** David of the book's example (RULES 2.4): Ag +2, Pr +3, sling 0. */
export function harmoniesHero(name = "David", system: AnyObject = {}): Promise<Actor.Implementation> {
  return createActor({
    name,
    type: "harmoniesCharacter",
    system: { characteristics: { agilite: { value: 2 } }, means: { precision: { value: 3 } }, ...system },
    items: [
      { name: "Fronde", type: "harmoniesSkill", system: { level: 0, characteristic: "agilite", means: "precision" } },
      { name: "Lance-pierre", type: "harmoniesWeapon", system: { damage: 0, range: "missile", skill: "Fronde" } },
    ],
  });
}

/** A homogeneous band of guards (RULES 3.2's example has 25). */
export function guards(count = 25, name = "Gardes"): Promise<Actor.Implementation> {
  return createActor({
    name,
    type: "group",
    system: {
      ruleset: "harmonies",
      members: [{ label: "Garde", count, stats: { agilite: 1, manoeuvre: 1, skill: 0 } }],
      action: { characteristic: "agilite", means: "manoeuvre" },
    },
  });
}

/** The palace guards (Wuxia): four of six still fighting, two wounded out, a captain; Métal is their action. */
export function palaceGuards(ownedByPlayer = true): Promise<Actor.Implementation> {
  return createActor(
    {
      name: "Gardes du palais",
      type: "group",
      system: {
        ruleset: "wuxia",
        members: [
          { label: "Gardes", count: 6, out: 2, stats: { metal: 3, feu: 4, skill: 2 } },
          { label: "Blessés", count: 2, out: 2, stats: { metal: 9, skill: 9 } },
          { label: "Capitaine", count: 1, stats: { metal: 5, feu: 6, skill: 4 } },
        ],
        action: { attribute: "metal" },
      },
    },
    { ownedByPlayer },
  );
}

/** Bandits far apart (Harmonies): a chief at +9 and twelve bandits at +1/+2, three of them out of the fight. */
export function bandits(): Promise<Actor.Implementation> {
  return createActor({
    name: "Bandits",
    type: "group",
    system: {
      ruleset: "harmonies",
      members: [
        { label: "Chef", count: 1, stats: { corps: 3, agilite: 9, manoeuvre: 9, skill: 9 } },
        { label: "Bandit", count: 12, out: 3, stats: { corps: 1, agilite: 1, manoeuvre: 2, skill: 3 } },
      ],
      action: { characteristic: "agilite", means: "manoeuvre" },
    },
  });
}

/** A chat message of the double, as the roll tests read it. */
export interface PostedMessage {
  id: string;
  rolls: Roll[];
  whisper: string[];
  blind: boolean;
  renderHTML(): Promise<HTMLElement>;
  toObject(): Record<string, unknown>;
}

export function postedMessages(): PostedMessage[] {
  return (globalThis as unknown as { game: { messages: { contents: PostedMessage[] } } }).game.messages.contents;
}

export function postedMessage(id: string): PostedMessage {
  const message = postedMessages().find((m) => m.id === id);
  if (!message) throw new Error(`No message ${id}`);
  return message;
}

/** Who acts in a test: the player, a GM, or the second player who owns nothing. */
export type Seat = "player" | "gm" | "stranger";

/** The user in a seat. */
export function seatUser(who: Seat): unknown {
  const users = (globalThis as unknown as { game: { users: { contents: { id: string; isGM: boolean }[] } } }).game.users
    .contents;
  const players = users.filter((u) => !u.isGM);
  return who === "gm" ? users.find((u) => u.isGM) : who === "player" ? players[0] : players[1];
}

/** Every GM leaves the world: no active GM, as when none is connected. */
export function disconnectGms(): void {
  const users = (globalThis as unknown as { game: { users: { contents: { isGM: boolean; active: boolean }[] } } }).game
    .users.contents;
  for (const user of users) if (user.isGM) user.active = false;
}

/** Acts as another user from now on: the player, a GM, or a stranger owning nothing. */
export function actAs(who: Seat): void {
  (globalThis as unknown as { game: { user: unknown } }).game.user = seatUser(who);
}

/** A world setting of the system written as the GM (only they may), the test's seat left as it was. */
export async function setWorldSetting(key: string, value: unknown): Promise<void> {
  const game = (
    globalThis as unknown as { game: { user: unknown; settings: { set(...a: unknown[]): Promise<unknown> } } }
  ).game;
  const seat = game.user;
  game.user = seatUser("gm");
  try {
    await game.settings.set("wuxia-harmonies", key, value);
  } finally {
    game.user = seat;
  }
}

/** The user acting now, with what the double adds to users (their character, their hotbar). */
export function currentUser(): { id: string; character: unknown; hotbar: Record<number, string> } {
  return (
    globalThis as unknown as { game: { user: { id: string; character: unknown; hotbar: Record<number, string> } } }
  ).game.user;
}

export function destinyOf(actor: Actor.Implementation): number {
  return (actor.system as unknown as { destiny: number }).destiny;
}

/** Rolls for an actor as the given user, skipping the dialog, with the faces scripted. */
export async function rollAs(
  who: Seat,
  actor: Actor.Implementation,
  faces: number[],
  request: Record<string, unknown> = {},
): Promise<PostedMessage> {
  actAs(who);
  (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform =
    facesRandom(faces);
  const { rollActor } = await import("../../src/rolls/pipeline");
  const values = { visibility: "public", ...(request.values as Record<string, unknown> | undefined) };
  const message = (await rollActor(actor, { dialog: false, ...request, values })) as unknown as PostedMessage | null;
  if (!message) throw new Error("rollAs: nothing was posted");
  return message;
}

/** The message as this reader's chat log draws it (the `renderChatMessageHTML` hook wires it). */
export async function renderAs(who: Seat, message: PostedMessage): Promise<HTMLElement> {
  actAs(who);
  return postedMessage(message.id).renderHTML();
}

/**
 * Asks for a card action on the given user's client, as the system does: carried out by the
 * authority (the active GM's client, through a request signed on the asker's User), or locally
 * when the asker is that GM. The test's own seat is left as it was. Resolves with the receipt;
 * a refusal rejects with its UserError.
 */
export async function carryOutAs(
  who: Seat,
  action: string,
  payload: object,
  options: { withoutGm?: boolean } = {},
): Promise<string | undefined> {
  const { carryOut } = await import("../../src/requests/authority");
  return asClient(seatUser(who), () => carryOut(action, payload, options));
}

/**
 * An opposing Wuxia roll of an actor as the roll dialog builds it (its Attribute, skill, SR),
 * evaluated with the faces scripted, as JSON: what the opposing player's client sends.
 */
export async function opposingRollJson(
  actor: Actor.Implementation,
  faces: number[],
  values: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const { rollSubject } = await import("../../src/rolls/subject");
  const { readWuxiaValues, wuxiaConfig, wuxiaDefaults } = await import("../../src/rolls/wuxia/fields");
  const { WuxiaRoll } = await import("../../src/rolls/wuxia/roll");
  const subject = rollSubject(actor);
  if (subject.kind !== "wuxia") throw new Error("opposingRollJson: not a Wuxia actor");
  const read = readWuxiaValues({ ...wuxiaDefaults(subject), visibility: "public", ...values }, subject);
  (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform =
    facesRandom(faces);
  const roll = await WuxiaRoll.build(wuxiaConfig(subject, read)).evaluate();
  return roll.toJSON() as Record<string, unknown>;
}

/**
 * An encounter the GM prepares, whoever the test acts as: one combatant per actor (with the given
 * initiatives, null when unrolled), started (round 1, turn 0) unless `start: false`. The Combat and
 * Combatant classes are the system's registered ones (`CONFIG.Combat/Combatant.documentClass`).
 */
export async function createCombat(
  actors: Actor.Implementation[],
  options: { start?: boolean; initiatives?: (number | null)[] } = {},
): Promise<Combat.Implementation> {
  const combatants = actors.map((actor, i) => ({ actorId: actor.id, initiative: options.initiatives?.[i] ?? null }));
  const CombatClass = (globalThis as unknown as { Combat: { create(data: AnyObject): Promise<unknown> } }).Combat;
  const combat = (await asClient(seatUser("gm"), () => CombatClass.create({ combatants }))) as Combat.Implementation;
  if (options.start !== false) await asClient(seatUser("gm"), () => combat.startCombat());
  return combat;
}
