import { describe, expect, it } from "vitest";
import { parseValueList } from "./value-list";

describe("parseValueList", () => {
  it("reads Values and counts of members at a Value, whatever the separator and the minus sign", () => {
    expect(parseValueList("+3, -1; −2, 25 × +3, 12x-1, 4*2, 2 X 0")).toEqual({
      groups: [
        { value: 3, count: 1 },
        { value: -1, count: 1 },
        { value: -2, count: 1 },
        { value: 3, count: 25 },
        { value: -1, count: 12 },
        { value: 2, count: 4 },
        { value: 0, count: 2 },
      ],
    });
    expect(parseValueList(" , ")).toEqual({ groups: [] });
  });

  it("names the first entry it cannot read, by its place", () => {
    expect(parseValueList("+3, trois, +1")).toEqual({ bad: 2, entry: "trois" });
    expect(parseValueList("1.5")).toEqual({ bad: 1, entry: "1.5" });
    expect(parseValueList("+3 x 4")).toEqual({ bad: 1, entry: "+3 x 4" });
  });
});
