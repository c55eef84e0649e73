import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, type FoundryDouble } from "../../test/foundry/install";
import { ReceiptBook } from "./receipts";

/** The authority's receipts: given back once, to their payer, the oldest forgotten past the bound. */

let foundry: FoundryDouble;
const user = (id: string) => foundry.game.users.get(id) as unknown as User.Implementation;

beforeEach(() => {
  foundry = installFoundry();
});

describe("a receipt book", () => {
  it("gives a payment back once, to its payer only, and refuses with its own key", () => {
    const book = new ReceiptBook<{ payerId: string; count: number }>("WH.Test.NoReceipt");
    const receipt = book.issue({ payerId: "player000000001", count: 2 });
    expect(() => book.take(receipt, user("player000000002"))).toThrow(
      expect.objectContaining({ key: "WH.Test.NoReceipt" }),
    );
    expect(book.take(receipt, user("player000000001"))).toEqual({ payerId: "player000000001", count: 2 });
    expect(() => book.take(receipt, user("player000000001"))).toThrow(
      expect.objectContaining({ key: "WH.Test.NoReceipt" }),
    );
  });

  it("keeps the last `kept` receipts: the oldest is forgotten first", () => {
    const book = new ReceiptBook<{ payerId: string }>("WH.Test.NoReceipt", 2);
    const [first, second, third] = [1, 2, 3].map(() => book.issue({ payerId: "player000000001" }));
    expect(() => book.take(first ?? "", user("player000000001"))).toThrow();
    expect(book.take(second ?? "", user("player000000001"))).toEqual({ payerId: "player000000001" });
    expect(book.take(third ?? "", user("player000000001"))).toEqual({ payerId: "player000000001" });
  });
});
