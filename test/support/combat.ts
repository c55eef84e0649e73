import type { WuxiaHarmoniesCombat } from "../../src/combat/combat";
import { asClient } from "../foundry/clients";
import {
  createActor,
  createCombat,
  facesRandom,
  harmoniesHero,
  postedMessages,
  seatUser,
  strangerId,
  wuxiaHero,
  type PostedMessage,
  type Seat,
} from "./world";

/**
 * The encounters the combat tests fight, from every seat: the GM, the player (who owns the
 * heroes) and the second player (who owns Zhao only). Not part of the system's bundle.
 */

type AnyObject = Record<string, unknown>;

/** A Wuxia combatant's round as the tests read it (the system's `CombatantModel`). */
export interface WuxiaRound {
  round: number;
  successes: number;
  spent: { initiative: number; actions: number; defense: number };
  chosen: boolean;
  defenseDice: number;
  turnsTaken: number;
}

/** Harmonies wounds as the tests read them. */
export interface HarmoniesWounds {
  light: number;
  grave: number;
  critical: number;
  fatal: boolean;
  /** Derived from core's stun status (the one source of a stun). */
  stunned: boolean;
}

/** Runs on the client of the user in this seat. */
export const as = <T>(who: Seat, fn: () => Promise<T>): Promise<T> => asClient(seatUser(who), fn);

export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("missing");
  return value;
}

const FRESH_ROUND: WuxiaRound = {
  round: 0,
  successes: 0,
  spent: { initiative: 0, actions: 0, defense: 0 },
  chosen: false,
  defenseDice: 0,
  turnsTaken: 0,
};

/** A combatant's Wuxia round as its combat records it (the truth every check reads). */
export function roundOf(combatant: Combatant.Implementation | null | undefined): WuxiaRound {
  const rounds = (combatant?.combat?.system as unknown as { rounds?: ({ combatantId: string } & WuxiaRound)[] })
    ?.rounds;
  const entry = rounds?.find((e) => e.combatantId === combatant?.id);
  if (!entry) return FRESH_ROUND;
  const {
    combatantId: _id,
    initiative: _initiative,
    ...round
  } = entry as WuxiaRound & {
    combatantId: string;
    initiative: number | null;
  };
  return round;
}

/** A combatant's own copy of its round (its data, which its owner may write). */
export const mirrorOf = (combatant: Combatant.Implementation | null | undefined): WuxiaRound =>
  combatant?.system as unknown as WuxiaRound;

export const reserveOf = (combat: Combat.Implementation): { friendly: number; hostile: number } =>
  (combat.system as unknown as { reserve: { friendly: number; hostile: number } }).reserve;

export const woundsOf = (actor: Actor.Implementation): HarmoniesWounds => {
  const system = actor.system as unknown as { wounds: Omit<HarmoniesWounds, "stunned">; stunned: boolean };
  return { ...system.wounds, stunned: system.stunned };
};

/** Every die the double rolls from now on shows these faces, in order. */
export function scriptFaces(faces: readonly number[]): void {
  (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform =
    facesRandom(faces);
}

/** Round 1's faces of `wuxiaFight`: Lin Mei 8 9 2 (2 successes at Chasseur's 7), Zhao 10 3 4 (1), Bandit 10 10 5 (2). */
export const ROUND_ONE_FACES = [8, 9, 2, 10, 3, 4, 10, 10, 5] as const;

/**
 * Three Wuxia characters with Métal 3: Lin Mei (the player's `wuxiaHero`, fighting with Chasseur
 * 3 unless `combatSkill: false`), Zhao (the second player's) and the Bandit (the GM's NPC, with
 * `bandit` merged into its system).
 */
export async function wuxiaFighters(options: { combatSkill?: boolean; bandit?: AnyObject } = {}) {
  const linMei = await wuxiaHero("Lin Mei");
  if (options.combatSkill !== false) {
    const chasseur = linMei.items.find((i) => i.name === "Chasseur");
    await as("gm", () => linMei.update({ system: { combat: { skill: chasseur?.id ?? "" } } } as never));
  }
  const zhao = await createActor(
    { name: "Zhao", type: "wuxiaCharacter", system: { attributes: { metal: 3 } } },
    { ownedByPlayer: false },
  );
  await as("gm", () => zhao.update({ ownership: { [strangerId()]: 3 } } as never));
  const bandit = await createActor(
    { name: "Bandit", type: "wuxiaCharacter", system: { attributes: { metal: 3 }, ...options.bandit } },
    { ownedByPlayer: false },
  );
  return { linMei, zhao, bandit };
}

/**
 * The three fighters in the GM's combat, started (round 1 rolled with `faces`, by default
 * `ROUND_ONE_FACES`) unless `start: false`; `lin`, `zhaoC` and `banditC` are their combatants.
 */
export async function wuxiaFight(
  options: { start?: boolean; faces?: readonly number[]; combatSkill?: boolean; bandit?: AnyObject } = {},
) {
  const actors = await wuxiaFighters(options);
  scriptFaces(options.faces ?? ROUND_ONE_FACES);
  const combat = (await createCombat([actors.linMei, actors.zhao, actors.bandit], {
    start: options.start,
  })) as WuxiaHarmoniesCombat;
  const of = (actor: Actor.Implementation) => must(combat.combatants.contents.find((c) => c.actorId === actor.id));
  return { ...actors, combat, lin: of(actors.linMei), zhaoC: of(actors.zhao), banditC: of(actors.bandit) };
}

/**
 * David and Goliath (RULES 2.4's example): David (the player's `harmoniesHero`, a sling) and
 * Goliath (the GM's: Cp +3, Ag +2, Rs +3, Bâton 1 on Ag + Rs, `wounds` as given), in the GM's
 * combat (initiatives 5 and 3), started.
 */
export async function harmoniesFight(wounds: Partial<HarmoniesWounds> = {}, goliath: AnyObject = {}) {
  const david = await harmoniesHero("David");
  const giant = await createActor(
    {
      name: "Goliath",
      type: "harmoniesCharacter",
      system: {
        characteristics: { corps: { value: 3 }, agilite: { value: 2 } },
        means: { resistance: { value: 3 } },
        wounds,
        ...goliath,
      },
      items: [
        { name: "Bâton", type: "harmoniesSkill", system: { level: 1, characteristic: "agilite", means: "resistance" } },
      ],
    },
    { ownedByPlayer: false },
  );
  const combat = await createCombat([david, giant], { initiatives: [5, 3] });
  const sling = must(david.items.find((i) => i.name === "Lance-pierre"));
  const baton = must(giant.items.find((i) => i.name === "Bâton"));
  return { david, goliath: giant, combat, sling, baton };
}

/**
 * David's sling hits Goliath (the player's shot at difficulty −4, faces 5 and 6), Goliath takes
 * the hit, then soaks it on the GM's client with `soakFaces`. Resolves with the attack card.
 */
export async function harmoniesHitAndSoak(
  world: Awaited<ReturnType<typeof harmoniesFight>>,
  soakFaces: readonly number[],
): Promise<PostedMessage> {
  const { harmoniesAttackWith, harmoniesDefend, harmoniesSoak } = await import("../../src/combat/harmonies-attack");
  scriptFaces([5, 6]);
  await as("player", () =>
    harmoniesAttackWith(world.david, world.sling, world.goliath, { dialog: false, values: { difficulty: -4 } }),
  );
  const message = must(postedMessages().at(-1));
  await as("gm", () => harmoniesDefend(message as never, { take: true }));
  scriptFaces(soakFaces);
  await as("gm", () => harmoniesSoak(message as never));
  return message;
}

/**
 * The Wuxia attack's encounter (RULES 1.4): `wuxiaFight` with Lin Mei fighting without a combat
 * skill and the Bandit with Terre 2; round 1 rolls no success; the GM then gives the Bandit 2
 * Defense dice and the foes' reserve 1 die. `arc` is Lin Mei's Arc long (ND 3, Tir à l'arc).
 */
export async function wuxiaAttackFight(options: { bandit?: AnyObject; start?: boolean } = {}) {
  const world = await wuxiaFight({
    combatSkill: false,
    bandit: { attributes: { metal: 3, terre: 2 }, ...options.bandit },
    faces: [2, 2, 2, 2, 2, 2, 2, 2, 2],
    start: options.start,
  });
  const { combatRequests } = await import("../../src/combat/requests");
  if (options.start !== false) {
    for (let i = 0; i < 2; i++)
      await as("gm", () => combatRequests.adjustPool(world.combat, "defense", "up", world.banditC));
    await as("gm", () => combatRequests.adjustPool(world.combat, "hostile", "up"));
  }
  const arc = must(world.linMei.items.find((i) => i.name === "Arc long"));
  return { ...world, arc };
}

export type WuxiaAttackWorld = Awaited<ReturnType<typeof wuxiaAttackFight>>;

/** Lin Mei shoots the target (the Bandit by default) from the player's client: Feu 5, all five dice succeed. */
export async function wuxiaAttack(
  world: WuxiaAttackWorld,
  target: Actor.Implementation = world.bandit,
  faces: readonly number[] = [8, 8, 9, 10, 7],
): Promise<PostedMessage> {
  const { attackWith } = await import("../../src/combat/attack");
  scriptFaces(faces);
  await as("player", () => attackWith(world.linMei, world.arc, target, { dialog: false }));
  return must(postedMessages().at(-1));
}

/** The defender's answer from this seat (the GM for the Bandit): with Terre 2, faces 10 and 3 make one success. */
export async function wuxiaDefend(
  message: PostedMessage,
  choice = { defenseDice: 1, reserve: 1 },
  options: { who?: Seat; faces?: readonly number[] } = {},
): Promise<void> {
  const { defendAgainst } = await import("../../src/combat/attack");
  scriptFaces(options.faces ?? [10, 3]);
  await as(options.who ?? "gm", () => defendAgainst(message as never, choice));
}

/**
 * One arrow of Lin Mei's Arc long (ND 3) at a group with Terre 1: five tens, the defender's one
 * Terre die a 3, two successes on Critique, the damage applied by the player: 5 NB on one member.
 */
export async function arrowAtGroup(
  shooter: { lin: Actor.Implementation; arc: Item.Implementation },
  target: Actor.Implementation,
): Promise<PostedMessage> {
  const { attackWith, defendAgainst, attackRequests } = await import("../../src/combat/attack");
  scriptFaces([10, 10, 10, 10, 10]);
  await as("player", () => attackWith(shooter.lin, shooter.arc, target, { dialog: false }));
  const message = must(postedMessages().at(-1));
  scriptFaces([3]);
  await as("gm", () => defendAgainst(message as never, { defenseDice: 0, reserve: 0 }));
  await as("player", () => attackRequests.invest(message as never, "critique"));
  await as("player", () => attackRequests.invest(message as never, "critique"));
  await as("player", () => attackRequests.applyDamage(message as never));
  return message;
}
