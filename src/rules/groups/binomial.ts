import { RulesError } from "../errors";
import { requireCount, requireFinite, show } from "../validate";

/**
 * Exact binomial and multinomial draws from an injected uniform source (RULES 3.3, individual
 * mode). "Exact" as in the method, not an approximation: inversion when n·p < 10 and Hörmann's
 * transformed rejection with squeeze (BTRS, "The generation of binomial random variates", 1993)
 * above; both return Binomial(n, p) as faithfully as the source's uniforms and double rounding
 * allow, in a time that does not grow with n.
 */

/** Draws refused in a row before the source is judged broken: a sound source needs ~1.3. */
const MAX_TRIES = 1000;

/** One uniform in [0, 1): the check rollD10 makes, so a broken source is refused the same way. */
function uniform(random: () => number): number {
  const x: unknown = random();
  if (typeof x === "number" && x >= 0 && x < 1) return x;
  throw new RulesError(
    "WH.Error.BadRandom",
    { argument: "random", value: x },
    `random() must return a number in [0, 1) (got ${show(x)})`,
  );
}

function brokenSource(): never {
  throw new RulesError(
    "WH.Error.NotRandom",
    { argument: "random", value: MAX_TRIES },
    `random produced ${MAX_TRIES} rejected draws in a row`,
  );
}

/** log(k!) below this from a table of summed logarithms (filled on first use), above by Stirling's series. */
const TABLE_SIZE = 64;
const LOG_FACTORIAL: number[] = [];

/** log(k!); from k = 64 the series' next term (1/1680k⁷) is below 2e-16. */
export function logFactorial(k: number): number {
  if (LOG_FACTORIAL.length === 0) {
    LOG_FACTORIAL.push(0);
    for (let i = 1; i < TABLE_SIZE; i++) LOG_FACTORIAL.push((LOG_FACTORIAL[i - 1] ?? 0) + Math.log(i));
  }
  const tabled = LOG_FACTORIAL[k];
  if (tabled !== undefined) return tabled;
  const k2 = k * k;
  return (k + 0.5) * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI) + (1 / 12 - (1 / 360 - 1 / 1260 / k2) / k2) / k;
}

/** Inversion (n·p < 10): walk up the cumulative distribution from 0. */
function inversion(n: number, p: number, random: () => number): number {
  const odds = p / (1 - p);
  const first = Math.exp(n * Math.log1p(-p));
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    let u = uniform(random);
    let pk = first;
    // Rounding may leave u above the whole distribution's sum (or its far tail underflow): draw again.
    for (let k = 0; k <= n && pk > 0; k++) {
      if (u < pk) return k;
      u -= pk;
      pk *= ((n - k) / (k + 1)) * odds;
    }
  }
  return brokenSource();
}

/** BTRS (n·p ≥ 10, p ≤ ½): a hat over the distribution, a box where no log is needed. */
function transformedRejection(n: number, p: number, random: () => number): number {
  const q = 1 - p;
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const alpha = (2.83 + 5.1 / b) * spq;
  const vr = 0.92 - 4.2 / b;
  const mode = Math.floor((n + 1) * p);
  const lpq = Math.log(p / q);
  const h = logFactorial(mode) + logFactorial(n - mode);
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const u = uniform(random) - 0.5;
    const v = uniform(random);
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && v <= vr) return k;
    const w = Math.log((v * alpha) / (a / (us * us) + b));
    if (w <= h - logFactorial(k) - logFactorial(n - k) + (k - mode) * lpq) return k;
  }
  return brokenSource();
}

/** Binomial(n, p) for arguments already checked (the multinomial's inner loop). */
function draw(n: number, p: number, random: () => number): number {
  if (n === 0 || p === 0) return 0;
  if (p === 1) return n;
  // Both methods want p ≤ ½: the failures of the complementary draw.
  if (p > 0.5) return n - draw(n, 1 - p, random);
  return n * p < 10 ? inversion(n, p, random) : transformedRejection(n, p, random);
}

/** How many of n trials succeed, each with probability p, drawn from `random`. */
export function binomial(n: number, p: number, random: () => number): number {
  return draw(requireCount("n", n), requireFinite("p", p, 0, 1), random);
}

/**
 * n trials shared among outcomes of integer `weights` (probability weight / sum), by conditional
 * binomials: each outcome in turn takes Binomial(members left, its weight / weight left). The
 * weights are whole so the weight left is exact; list the likeliest first to stop soonest.
 */
export function multinomial(n: number, weights: readonly number[], random: () => number): number[] {
  let left = requireCount("n", n);
  let weightLeft = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => {
    const count = left > 0 ? draw(left, w / weightLeft, random) : 0;
    left -= count;
    weightLeft -= w;
    return count;
  });
}
