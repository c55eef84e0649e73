import { UserError } from "../core/errors";

/**
 * Receipts the authority gives for what it took from an actor before a roll (Destiny dice, chi),
 * so the payer can have it back if the roll then cannot be made: each is given back once, to its
 * payer only. The last few hundred are kept: a refund follows its payment within seconds.
 */
export class ReceiptBook<T extends { payerId: string }> {
  readonly #entries = new Map<string, T>();

  constructor(
    /** Refused when the receipt is unknown or someone else's: the i18n key of the refusal. */
    private readonly refusal: string,
    private readonly kept = 500,
  ) {}

  /** Records a payment and returns its receipt. */
  issue(entry: T): string {
    const receipt = foundry.utils.randomID();
    this.#entries.set(receipt, entry);
    if (this.#entries.size > this.kept) this.#entries.delete(this.#entries.keys().next().value as string);
    return receipt;
  }

  /** The payment a receipt records, removed so it is given back once; refused to anyone but its payer. */
  take(receipt: string, requester: User.Implementation): T {
    const entry = this.#entries.get(receipt);
    if (!entry || entry.payerId !== requester.id) throw new UserError(this.refusal);
    this.#entries.delete(receipt);
    return entry;
  }
}
