import { requireInteger } from "../validate";
import { openOption } from "./difference-roll";
import { HARMONIES_DEFAULTS } from "./defaults";

/*
 * Open roll: a die reads 10·A + B, A the number of 10s before the first other face
 * (P(A = a) = 0.9 · 0.1^a) and B uniform on 1..9. So d10 − d10 = 10·K + E with
 * K = A₁ − A₂ and E = B₁ − B₂ independent: P(E = e) = (9 − |e|) / 81 on −8..8, and
 * P(K = k) = Σₐ 0.81 · 0.1^(2a + |k|) = (0.81 / 0.99) · 0.1^|k|, whose tail is a geometric
 * series with a closed form. Every probability below is that closed form evaluated directly,
 * so it is exact up to double rounding (~1e-16), far inside the required 1e-9.
 */

/** P(K ≥ j) = (0.9 / 0.99) · 0.1^j for j ≥ 1; for j ≤ 0 by symmetry, 1 − P(K ≥ 1 − j). */
function explosionTail(j: number): number {
  return j >= 1 ? (0.9 / 0.99) * 10 ** -j : 1 - (0.9 / 0.99) * 10 ** -(1 - j);
}

function explosionPmf(k: number): number {
  return (0.81 / 0.99) * 10 ** -Math.abs(k);
}

/**
 * P(E = e) and P(E ≥ t) for E = B₁ − B₂, B uniform on 1..9. Only called inside E's reach:
 * e in −8..8 (k spans the decades holding x), t in −7..8 (k below the one where all E count).
 */
function facePmf(e: number): number {
  return (9 - Math.abs(e)) / 81;
}
function faceTail(t: number): number {
  let sum = 0;
  for (let e = t; e <= 8; e++) sum += 9 - Math.abs(e);
  return sum / 81;
}

/** P(d10 − d10 = d). Closed: (10 − |d|) / 100 on −9..9. */
export function differencePmf(d: number, options: { open?: boolean } = {}): number {
  const x = requireInteger("d", d);
  if (!openOption(options, HARMONIES_DEFAULTS.open)) return Math.abs(x) <= 9 ? (10 - Math.abs(x)) / 100 : 0;
  let p = 0;
  for (let k = Math.ceil((x - 8) / 10); k <= Math.floor((x + 8) / 10); k++) p += explosionPmf(k) * facePmf(x - 10 * k);
  return p;
}

/** P(d10 − d10 ≥ s). */
export function differenceAtLeast(s: number, options: { open?: boolean } = {}): number {
  const t = requireInteger("s", s);
  if (!openOption(options, HARMONIES_DEFAULTS.open)) {
    // At −9 or below every difference counts (the loop would add negative weights below −9).
    if (t <= -9) return 1;
    let count = 0;
    for (let d = t; d <= 9; d++) count += 10 - Math.abs(d);
    return count / 100;
  }
  // k ≥ kAll: every E qualifies; below, at most two values of k qualify for some E only.
  const kAll = Math.ceil((t + 8) / 10);
  let p = explosionTail(kAll);
  for (let k = Math.ceil((t - 8) / 10); k < kAll; k++) p += explosionPmf(k) * faceTail(t - 10 * k);
  return p;
}

/** Exact P(modifier + d10 − d10 ≥ 0), closed or open (RULES 2.4). */
export function harmoniesOdds(modifier: number, options: { open?: boolean } = {}): number {
  return differenceAtLeast(-requireInteger("modifier", modifier), options);
}
