import { describe, expect, it } from "vitest";
import { centreOutOrder, largestRemainder } from "./apportion";

describe("largestRemainder, degenerate weights", () => {
  it("with no weights there is nowhere to put a seat: an empty list, no error", () => {
    expect(largestRemainder(3, [], [])).toEqual([]);
  });

  it("equal fractions: the seat goes to the index listed earliest in the priority, not the lowest index", () => {
    expect(largestRemainder(1, [0, 1, 1], [0, 2, 1])).toEqual([0, 0, 1]);
    expect(largestRemainder(2, [1, 1, 1, 1], [3, 2, 1, 0])).toEqual([0, 0, 1, 1]);
  });

  it("all-zero weights: the seats go round in priority order", () => {
    expect(largestRemainder(5, [0, 0, 0], [1, 0, 2])).toEqual([2, 2, 1]);
  });
});

describe("centreOutOrder", () => {
  it("starts at the centre, then each gap lower side first", () => {
    expect(centreOutOrder(2)).toEqual([2, 1, 3, 0, 4]);
    expect(centreOutOrder(0)).toEqual([0]);
  });
});
