import { templatePath } from "../foundry/system";

/**
 * A roll's data is what its author's client wrote. Before a card draws it, the roll's state and
 * dice are checked to be what the system itself makes: Foundry's dice tooltip writes each die
 * term's formula, flavor and faces into the card as HTML, and a state the card cannot read would
 * break the message for every reader.
 */

export const UNREADABLE_CARD_TEMPLATE = templatePath("chat/unreadable-card.hbs");

/** One die term a roll must hold: `number`d`faces` (d10 unless told) with exactly these modifiers and a count of results it allows. */
export interface DieTerm {
  number: number;
  faces?: number;
  modifiers: readonly string[];
  results(count: number): boolean;
}

export function isWhole(value: unknown): value is number {
  return Number.isInteger(value);
}

export function isText(value: unknown): value is string {
  return typeof value === "string";
}

export function isTextOrNull(value: unknown): value is string | null {
  return value === null || isText(value);
}

export function isOneOf<T>(choices: readonly T[], value: unknown): value is T {
  return (choices as readonly unknown[]).includes(value);
}

/** A chance, 0 to 1. */
export function isProbability(value: unknown): value is number {
  return typeof value === "number" && value >= 0 && value <= 1;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isFace(value: unknown, faces: number): boolean {
  return isWhole(value) && value >= 1 && value <= faces;
}

/** Whether the roll's dice are exactly these terms, every result a face of its die and no flavor. */
export function hasDice(roll: Roll, terms: readonly DieTerm[]): boolean {
  const dice = roll.dice;
  return (
    dice.length === terms.length &&
    dice.every((die, i) => {
      const term = terms[i] as DieTerm;
      const faces = term.faces ?? 10;
      const modifiers: unknown = die.modifiers;
      return (
        die.faces === faces &&
        (die.number as unknown) === term.number &&
        Array.isArray(modifiers) &&
        modifiers.length === term.modifiers.length &&
        term.modifiers.every((m, j) => modifiers[j] === m) &&
        die.options.flavor === undefined &&
        Array.isArray(die.results) &&
        term.results(die.results.length) &&
        die.results.every((r) => isFace(r.result, faces))
      );
    })
  );
}

/** Whether the rules read the roll without refusing it (an open die must explode on its 10s, and only then). */
export function rulesRead(read: () => unknown): boolean {
  try {
    read();
    return true;
  } catch {
    return false;
  }
}

/** The card shown in place of a roll that cannot be read: it draws nothing of the roll's data. */
export function renderUnreadableCard(): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(UNREADABLE_CARD_TEMPLATE, {});
}
