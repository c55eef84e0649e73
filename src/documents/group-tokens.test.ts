import { describe, expect, it } from "vitest";
import { groupTokenFlag, uncountedOut } from "./group-tokens";

describe("what a token says of its group", () => {
  it("its sub-group and how many it stands for, both whole numbers; anything else is no group token", () => {
    expect(groupTokenFlag({ flags: { "wuxia-harmonies": { member: 1, count: 25 } } })).toEqual({
      member: 1,
      count: 25,
      countedOut: 0,
    });
    expect(groupTokenFlag({ flags: { "wuxia-harmonies": { member: 1 } } })).toBeNull();
    expect(groupTokenFlag({ flags: { "wuxia-harmonies": { count: 2 } } })).toBeNull();
    expect(groupTokenFlag({ flags: { "wuxia-harmonies": { member: "1", count: 2 } } })).toBeNull();
    expect(groupTokenFlag({ flags: { other: { member: 1, count: 2 } } })).toBeNull();
    expect(groupTokenFlag({ flags: null })).toBeNull();
  });

  it("how many of them the cards counted out: a whole number up to the count, else none", () => {
    const flag = (countedOut: unknown) =>
      groupTokenFlag({ flags: { "wuxia-harmonies": { member: 0, count: 3, countedOut } } });
    expect([1, 3, 5, -1, 1.5, "2", null].map((n) => flag(n)?.countedOut)).toEqual([1, 3, 3, 0, 0, 0, 0]);
  });

  it("a defeated token puts out only the members nothing counted yet", () => {
    expect(uncountedOut({ member: 0, count: 3, countedOut: 1 })).toBe(2);
    expect(uncountedOut({ member: 0, count: 1, countedOut: 1 })).toBe(0);
    expect(uncountedOut({ member: 0, count: 25, countedOut: 0 })).toBe(25);
  });
});
