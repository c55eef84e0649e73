import { RulesError } from "../errors";
import { rollD10 } from "../random";
import { requireBoolean, requireInteger, requireNonEmpty, requireOptions, requireRandom } from "../validate";
import { HARMONIES_DEFAULTS } from "./defaults";

/** A fair die explodes 1000 times in a row with probability 10^−1000: only a broken generator does. */
export const MAX_EXPLOSIONS = 1000;

export interface DifferenceDice {
  /** Every face of the added die, explosions included (10, 10, 3 reads +23). */
  plus: number[];
  /** Every face of the subtracted die. */
  minus: number[];
  /** sum(plus) − sum(minus). */
  dice: number;
}

/**
 * One die of an open roll: a 10 adds 10 and rolls again, as long as it shows 10 (RULES 2.4).
 * Every face goes to `faces` when given; rolling a whole group passes none, to stay fast.
 */
export function openD10(random: () => number, faces?: number[]): number {
  let total = 0;
  for (let n = 0; n <= MAX_EXPLOSIONS; n++) {
    const face = rollD10(random);
    faces?.push(face);
    total += face;
    if (face !== 10) return total;
  }
  throw new RulesError(
    "WH.Error.NotRandom",
    { argument: "random", value: MAX_EXPLOSIONS + 1 },
    `random produced more than ${MAX_EXPLOSIONS} tens in a row`,
  );
}

/** The `open` option, checked: a string "false" must not roll open. */
export function openOption(options: { open?: boolean } | undefined, fallback: boolean): boolean {
  return requireBoolean("options.open", requireOptions("options", options).open, fallback);
}

/** One die of the difference roll, closed or open. */
function rollDie(random: () => number, open: boolean, faces: number[]): number {
  if (open) return openD10(random, faces);
  const face = rollD10(random);
  faces.push(face);
  return face;
}

/** The difference roll d10 − d10, closed (−9..+9) or open (unbounded). */
export function rollHarmonies(random: () => number, options: { open?: boolean } = {}): DifferenceDice {
  requireRandom("random", random);
  const open = openOption(options, HARMONIES_DEFAULTS.open);
  const plus: number[] = [];
  const minus: number[] = [];
  const up = rollDie(random, open, plus);
  const down = rollDie(random, open, minus);
  return { plus, minus, dice: up - down };
}

export interface HarmoniesAction {
  roll: DifferenceDice;
  /** Total = modifier + dice: a margin of success if ≥ 0, of failure otherwise. */
  margin: number;
  success: boolean;
}

function action(modifier: number, roll: DifferenceDice): HarmoniesAction {
  const margin = modifier + roll.dice;
  return { roll, margin, success: margin >= 0 };
}

/**
 * An action: modifier = characteristic + means (+ skill) + difficulty; success if the total
 * with the dice is ≥ 0 (RULES 2.4).
 */
export function rollHarmoniesAction(
  modifier: number,
  random: () => number,
  options: { open?: boolean } = {},
): HarmoniesAction {
  const m = requireInteger("modifier", modifier);
  return action(m, rollHarmonies(random, options));
}

/** One die's faces as rolled elsewhere: a face follows only a 10, and only on an open roll. */
function dieFromFaces(argument: string, faces: readonly number[], open: boolean): number {
  requireNonEmpty(argument, faces);
  // Every face checked before the sequence, whose message lists them all.
  faces.forEach((face, i) => requireInteger(`${argument}[${i}]`, face, 1, 10));
  let total = 0;
  faces.forEach((face, i) => {
    const rollsAgain = open && face === 10;
    if (rollsAgain !== i < faces.length - 1) {
      throw new RulesError(
        "WH.Error.BadValue",
        { argument, value: faces.join(", ") },
        `${argument}: a die rolls again after a 10 on an open roll, and only then`,
      );
    }
    total += face;
  });
  return total;
}

/**
 * An action read from dice rolled elsewhere (Foundry's own Die terms): every face of the added
 * die and of the subtracted die, explosions included.
 */
export function harmoniesActionFromFaces(
  modifier: number,
  plus: readonly number[],
  minus: readonly number[],
  options: { open?: boolean } = {},
): HarmoniesAction {
  const m = requireInteger("modifier", modifier);
  const open = openOption(options, HARMONIES_DEFAULTS.open);
  const dice = dieFromFaces("plus", plus, open) - dieFromFaces("minus", minus, open);
  return action(m, { plus: [...plus], minus: [...minus], dice });
}
