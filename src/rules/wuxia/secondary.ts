import {
  MAX_SIZE,
  requireArray,
  requireCount,
  requireFinite,
  requireInteger,
  requireObject,
  requireOptions,
} from "../validate";
import { WUXIA_DEFAULTS } from "./defaults";

export interface WuxiaAttributes {
  metal: number;
  feu: number;
  terre: number;
  eau: number;
  bois: number;
}

/** Attributes are 1..10 in the book; 0 is allowed for a temporary drain (Estourbir). */
function attribute(argument: string, value: unknown): number {
  return requireInteger(argument, value, 0, 100);
}

/** Death threshold = (2 × Métal + Eau) × 3 (RULES 1.1). */
export function deathThreshold(metal: number, eau: number): number {
  return (2 * attribute("metal", metal) + attribute("eau", eau)) * 3;
}

/** Chi reserve = floor(sum of the five attributes / 2). */
export function chiReserve(attributes: WuxiaAttributes): number {
  const { metal, feu, terre, eau, bois } = requireObject("attributes", attributes);
  const sum =
    attribute("attributes.metal", metal) +
    attribute("attributes.feu", feu) +
    attribute("attributes.terre", terre) +
    attribute("attributes.eau", eau) +
    attribute("attributes.bois", bois);
  return Math.floor(sum / 2);
}

export interface WoundOptions {
  woundFractions?: readonly number[];
  woundPenalties?: readonly number[];
}

/** NB levels at which each wound penalty starts: floor(fraction × death threshold). */
export function woundThresholds(metal: number, eau: number, options: WoundOptions = {}): number[] {
  const death = deathThreshold(metal, eau);
  const fractions = requireArray(
    "options.woundFractions",
    requireOptions("options", options).woundFractions ?? WUXIA_DEFAULTS.woundFractions,
  );
  // Fractions, not percentages: 25 for ¼ would put every threshold far beyond death.
  return fractions.map((f, i) => Math.floor(requireFinite(`options.woundFractions[${i}]`, f, 0, 1) * death));
}

export interface WuxiaWoundStatus {
  deathThreshold: number;
  thresholds: number[];
  /** Added to every SR. */
  penalty: number;
  dead: boolean;
}

/** Wuxia wound level NB against the thresholds: the penalty of the highest one reached. */
export function woundStatus(nb: number, metal: number, eau: number, options: WoundOptions = {}): WuxiaWoundStatus {
  const level = requireCount("nb", nb);
  const death = deathThreshold(metal, eau);
  const thresholds = woundThresholds(metal, eau, options);
  const penalties = thresholdPenalties(
    thresholds.length,
    requireOptions("options", options).woundPenalties ?? WUXIA_DEFAULTS.woundPenalties,
    "options.woundPenalties",
  );
  return {
    deathThreshold: death,
    thresholds,
    penalty: reachedPenalty(level, thresholds, penalties),
    dead: level >= death,
  };
}

export interface PanicOptions {
  panicMultipliers?: readonly number[];
  panicPenalties?: readonly number[];
}

/** Panic levels at which each penalty starts; the last one means the hero must flee. */
export function panicThresholds(eau: number, options: PanicOptions = {}): number[] {
  const e = attribute("eau", eau);
  const multipliers = requireArray(
    "options.panicMultipliers",
    requireOptions("options", options).panicMultipliers ?? WUXIA_DEFAULTS.panicMultipliers,
  );
  return multipliers.map((m, i) => requireFinite(`options.panicMultipliers[${i}]`, m, 0, MAX_SIZE) * e);
}

export interface WuxiaPanicStatus {
  thresholds: number[];
  /** Added to every SR. */
  penalty: number;
  mustFlee: boolean;
}

export function panicStatus(level: number, eau: number, options: PanicOptions = {}): WuxiaPanicStatus {
  const panic = requireCount("level", level);
  const thresholds = panicThresholds(eau, options);
  const flee = thresholds[thresholds.length - 1];
  const penalized = thresholds.slice(0, -1);
  const penalties = thresholdPenalties(
    penalized.length,
    requireOptions("options", options).panicPenalties ?? WUXIA_DEFAULTS.panicPenalties,
    "options.panicPenalties",
  );
  return {
    thresholds,
    penalty: reachedPenalty(panic, penalized, penalties),
    mustFlee: flee !== undefined && panic >= flee,
  };
}

/** The SR penalty of each threshold, all checked up front: a bad one must not wait to be reached. */
function thresholdPenalties(count: number, penalties: readonly number[], argument: string): number[] {
  requireArray(argument, penalties);
  return Array.from({ length: count }, (_, i) => requireInteger(`${argument}[${i}]`, penalties[i]));
}

function reachedPenalty(level: number, thresholds: readonly number[], penalties: readonly number[]): number {
  let penalty = 0;
  thresholds.forEach((t, i) => {
    if (level >= t) penalty = penalties[i] ?? 0;
  });
  return penalty;
}
