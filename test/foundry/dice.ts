type AnyObject = Record<string, unknown>;

export interface DieResult {
  result: number;
  active: boolean;
  success?: boolean;
  failure?: boolean;
  count?: number;
  exploded?: boolean;
  rerolled?: boolean;
  discarded?: boolean;
}

/** The RNG Foundry uses; tests replace `CONFIG.Dice.randomUniform` with a seeded one. */
function uniform(): number {
  const config = (globalThis as unknown as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG;
  return (config?.Dice?.randomUniform ?? Math.random)();
}

export abstract class RollTerm {
  _evaluated = false;
  options: AnyObject = {};
  abstract get total(): number | string;
  abstract get expression(): string;
  abstract evaluate(): this;
  toJSON(): AnyObject {
    return { class: this.constructor.name, options: this.options, evaluated: this._evaluated };
  }
  static fromData(data: AnyObject): RollTerm {
    switch (data.class) {
      case "Die":
        return Die.fromData(data);
      case "OperatorTerm":
        return new OperatorTerm({ operator: String(data.operator) });
      case "NumericTerm":
        return new NumericTerm({ number: Number(data.number) });
      default:
        throw new Error(`The double does not know roll term class "${String(data.class)}"`);
    }
  }
}

export class OperatorTerm extends RollTerm {
  operator: string;
  constructor({ operator }: { operator: string }) {
    super();
    this.operator = operator;
  }
  get total(): string {
    return this.operator;
  }
  get expression(): string {
    return ` ${this.operator} `;
  }
  evaluate(): this {
    this._evaluated = true;
    return this;
  }
  override toJSON(): AnyObject {
    return { ...super.toJSON(), operator: this.operator };
  }
}

export class NumericTerm extends RollTerm {
  number: number;
  constructor({ number }: { number: number }) {
    super();
    this.number = number;
  }
  get total(): number {
    return this.number;
  }
  get expression(): string {
    return String(this.number);
  }
  evaluate(): this {
    this._evaluated = true;
    return this;
  }
  override toJSON(): AnyObject {
    return { ...super.toJSON(), number: this.number };
  }
}

const COMPARE = /^(>=|<=|>|<|=)?(\d+)?$/;

function compare(result: number, op: string, target: number): boolean {
  switch (op) {
    case ">=":
      return result >= target;
    case "<=":
      return result <= target;
    case ">":
      return result > target;
    case "<":
      return result < target;
    default:
      return result === target;
  }
}

/**
 * `foundry.dice.terms.Die` with the modifiers the system uses: `x`/`xo` (explode on the max
 * face, recursively or once), `r` (reroll once), `cs` (count successes) and `df` (deduct
 * failures). Faces are `mapRandomFace(randomUniform())`, `Math.ceil((1 - u) * faces)` as in Foundry
 * (API v13 DiceTerm#mapRandomFace: "Maps a randomly-generated value in the interval [0, 1) to a
 * face value on the die"; the formula is core's Die). Simpler than
 * Foundry: no manual/physical dice fulfillment, no other modifiers, one comparison per modifier.
 */
export class Die extends RollTerm {
  number: number;
  faces: number;
  modifiers: string[];
  results: DieResult[] = [];

  constructor({
    number = 1,
    faces = 6,
    modifiers = [],
    results = [],
    options = {},
  }: { number?: number; faces?: number; modifiers?: string[]; results?: DieResult[]; options?: AnyObject } = {}) {
    super();
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.results = results;
    this.options = options;
  }

  static DENOMINATION = "d";

  get denomination(): string {
    return `d${this.faces}`;
  }

  get expression(): string {
    return `${this.number}d${this.faces}${this.modifiers.join("")}`;
  }

  get total(): number {
    return this.results.filter((r) => r.active).reduce((sum, r) => sum + (r.count ?? r.result), 0);
  }

  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }

  /** A value of the PRNG, in [0, 1), as the face it shows: u = 0 is the highest face. */
  mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * this.faces);
  }

  roll(): DieResult {
    const result: DieResult = { result: this.mapRandomFace(uniform()), active: true };
    this.results.push(result);
    return result;
  }

  evaluate(): this {
    if (!Number.isInteger(this.number) || this.number < 0) throw new Error(`Invalid number of dice: ${this.number}`);
    for (let i = 0; i < this.number; i++) this.roll();
    for (const modifier of this.modifiers) this.#applyModifier(modifier);
    this._evaluated = true;
    return this;
  }

  #applyModifier(modifier: string): void {
    const match = /^(xo|x|r|cs|df)(.*)$/.exec(modifier);
    if (!match) throw new Error(`The double does not support the modifier "${modifier}"`);
    const [, kind, rest] = match as unknown as [string, string, string];
    const cmp = COMPARE.exec(rest);
    if (!cmp) throw new Error(`Bad comparison in modifier "${modifier}"`);
    const op = cmp[1] ?? "=";
    const target = cmp[2] === undefined ? this.faces : Number(cmp[2]);
    if (kind === "x" || kind === "xo") {
      // `xo` explodes only the dice already rolled; `x` also explodes the new ones. Foundry
      // stops a runaway explosion too; the double caps it at 1000 dice.
      const limit = kind === "xo" ? this.results.length : 1000;
      for (let i = 0; i < this.results.length && i < limit; i++) {
        const r = this.results[i] as DieResult;
        if (!r.active || !compare(r.result, op, target)) continue;
        r.exploded = true;
        this.roll();
      }
    } else if (kind === "r") {
      const initial = this.results.length;
      for (let i = 0; i < initial; i++) {
        const r = this.results[i] as DieResult;
        if (!r.active || !compare(r.result, op, target)) continue;
        r.rerolled = true;
        r.active = false;
        this.roll();
      }
    } else if (kind === "cs") {
      for (const r of this.results) {
        if (!r.active) continue;
        r.success = compare(r.result, op, target);
        r.count = r.success ? 1 : 0;
      }
    } else {
      for (const r of this.results) {
        if (!r.active || !compare(r.result, op, target)) continue;
        r.failure = true;
        r.count = (r.count ?? 0) - 1;
      }
    }
  }

  override toJSON(): AnyObject {
    return {
      ...super.toJSON(),
      number: this.number,
      faces: this.faces,
      modifiers: this.modifiers,
      results: structuredClone(this.results),
    };
  }

  static override fromData(data: AnyObject): Die {
    const die = new Die({
      number: Number(data.number),
      faces: Number(data.faces),
      modifiers: (data.modifiers as string[] | undefined) ?? [],
      results: structuredClone((data.results as DieResult[] | undefined) ?? []),
      options: (data.options as AnyObject | undefined) ?? {},
    });
    die._evaluated = Boolean(data.evaluated);
    return die;
  }
}

/** Parses `2d10x - 1d10cs>=7 + 3`: dice, numbers and + / − between them. */
function parse(formula: string): RollTerm[] {
  const tokens = formula.replace(/\s+/g, "").match(/\d*d\d+[a-z<>=0-9]*|\d+|[+-]/g) ?? [];
  if (tokens.join("") !== formula.replace(/\s+/g, ""))
    throw new Error(`The double cannot parse the formula "${formula}"`);
  return tokens.map((token) => {
    if (token === "+" || token === "-") return new OperatorTerm({ operator: token });
    const die = /^(\d*)d(\d+)(.*)$/.exec(token);
    if (!die) return new NumericTerm({ number: Number(token) });
    const modifiers = (die[3] ?? "").match(/(xo|x|r|cs|df)[<>=]*\d*/g) ?? [];
    return new Die({ number: die[1] ? Number(die[1]) : 1, faces: Number(die[2]), modifiers });
  });
}

/**
 * Foundry's `Roll`: formula → terms, `evaluate` (async) / `evaluateSync`, `total`, `dice`,
 * `toJSON` and `fromData` finding the subclass by name in `CONFIG.Dice.rolls` (as a reloaded
 * chat message does). Simpler than Foundry: no roll data substitution (`@attr`), no
 * parenthetical or pool terms, no `toMessage` rendering beyond creating the message.
 */
export class Roll {
  formula: string;
  data: AnyObject;
  options: AnyObject;
  terms: RollTerm[];
  _evaluated = false;
  _total: number | undefined;

  constructor(formula: string, data: AnyObject = {}, options: AnyObject = {}) {
    this.formula = formula;
    this.data = data ?? {};
    this.options = options ?? {};
    this.terms = parse(formula);
  }

  static CHAT_TEMPLATE = "templates/dice/roll.html";

  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }

  get total(): number | undefined {
    return this._total;
  }

  get result(): string {
    return this.terms.map((t) => String(t.total)).join(" ");
  }

  get isDeterministic(): boolean {
    return this.dice.length === 0;
  }

  async evaluate(_options: AnyObject = {}): Promise<this> {
    return this.evaluateSync();
  }

  evaluateSync(): this {
    if (this._evaluated) throw new Error("This Roll has already been evaluated");
    for (const term of this.terms) term.evaluate();
    this._total = this._evaluateTotal();
    this._evaluated = true;
    return this;
  }

  _evaluateTotal(): number {
    let total = 0;
    let sign = 1;
    for (const term of this.terms) {
      if (term instanceof OperatorTerm) sign = term.operator === "-" ? -1 : 1;
      else total += sign * Number(term.total);
    }
    return total;
  }

  /**
   * Foundry's dice tooltip: each die term's results, rerolled/exploded ones marked by class.
   * Simpler than Foundry: a flat list instead of the `templates/dice/tooltip.hbs` markup.
   */
  async getTooltip(): Promise<string> {
    const parts = this.dice.map((die) => {
      const results = die.results.map(
        (r) =>
          `<li class="roll die d${die.faces}${r.rerolled ? " rerolled" : ""}${r.exploded ? " exploded" : ""}${r.active ? "" : " discarded"}">${r.result}</li>`,
      );
      return `<section class="tooltip-part"><span class="part-formula">${die.expression}</span><ol class="dice-rolls">${results.join("")}</ol></section>`;
    });
    return `<div class="dice-tooltip">${parts.join("")}</div>`;
  }

  /** Foundry's default roll HTML (formula, tooltip, total); Roll subclasses draw their own card. */
  async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate({ allowInteractive: !isPrivate });
    const tooltip = isPrivate ? "" : await this.getTooltip();
    return `<div class="dice-roll"><div class="dice-formula">${isPrivate ? "???" : this.formula}</div>${tooltip}<h4 class="dice-total">${isPrivate ? "?" : String(this.total)}</h4></div>`;
  }

  toJSON(): AnyObject {
    return {
      class: this.constructor.name,
      options: structuredClone(this.options),
      dice: [],
      formula: this.formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  static fromData(data: AnyObject): Roll {
    const rolls = (globalThis as unknown as { CONFIG: { Dice: { rolls: (typeof Roll)[] } } }).CONFIG.Dice.rolls;
    const cls = rolls.find((r) => r.name === data.class);
    if (!cls) throw new Error(`Unable to recreate ${String(data.class)} instance from provided data`);
    // Foundry passes `data.data`, which is never stored: subclasses must accept undefined.
    const roll = new cls(String(data.formula), data.data as AnyObject, data.options as AnyObject);
    roll.terms = (data.terms as AnyObject[]).map((t) => RollTerm.fromData(t));
    roll._total = data.total as number | undefined;
    roll._evaluated = Boolean(data.evaluated);
    return roll;
  }

  static fromJSON(json: string): Roll {
    return this.fromData(JSON.parse(json) as AnyObject);
  }
}
