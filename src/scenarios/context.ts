/**
 * Game-night scenarios, written once and run in two worlds: by `npm test` against the Foundry
 * double (vitest), and inside a live Foundry world through the Quench module (mocha and chai).
 * A scenario sees only this context, never vitest or mocha, and reaches the system as a user or
 * a macro does: documents, `game.system.api`, sheets and cards in the DOM. So it imports only
 * types, the pure rules and the system's id and i18n from the rest of src/ (`npm run lint`
 * checks it): in the double, the world it drives is loaded apart from the scenario's own modules.
 */

/** What a scenario asserts with: chai's BDD style, which both vitest's `expect` and chai speak. */
export interface Assertion {
  readonly to: Assertion;
  readonly be: Assertion;
  readonly been: Assertion;
  readonly have: Assertion;
  readonly not: Assertion;
  readonly deep: {
    equal(expected: unknown, message?: string): unknown;
    include(member: unknown, message?: string): unknown;
  };
  equal(expected: unknown, message?: string): unknown;
  include(member: unknown, message?: string): unknown;
  match(pattern: RegExp, message?: string): unknown;
  above(bound: number, message?: string): unknown;
  below(bound: number, message?: string): unknown;
  lengthOf(length: number, message?: string): unknown;
}

type Body = () => Promise<void> | void;

export interface ScenarioContext {
  describe(title: string, body: () => void): unknown;
  it(title: string, body: Body): unknown;
  beforeAll(body: Body): unknown;
  afterAll(body: Body): unknown;
  beforeEach(body: Body): unknown;
  afterEach(body: Body): unknown;
  expect(actual: unknown, message?: string): Assertion;
}

/** Who runs a batch: a GM, or a player in their own browser. */
export type Seat = "gm" | "player";

/** A batch of scenarios: one entry in Quench's list, one block of `npm test`. */
export interface ScenarioBatch {
  /** The batch's key after "wuxia-harmonies.": lower-case words joined by dashes. */
  id: string;
  /** The i18n key of its name in Quench's list. */
  label: string;
  seat: Seat;
  /** Registers the batch's suites and tests, synchronously (mocha collects them as it calls this). */
  register(context: ScenarioContext): void;
}
