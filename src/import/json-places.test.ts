import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorOffset, lineFinder, placeJson, type JsonPlace } from "./json-places";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
const runs = (full: number): number => Math.min(full, Number(env.FC_RUNS) || full);

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe("jsonErrorOffset", () => {
  it("finds valid JSON valid, whitespace and all", () => {
    for (const text of [
      "0",
      "-0.5e+10",
      '"a\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9"',
      " \t\r\n[ ] ",
      "{}",
      '{ "a" : [ 1 , { "b" : null } ] , "c" : true , "d" : false }',
      "[[[[]]]]",
      '"\u2028é"',
    ])
      expect([text, jsonErrorOffset(text)]).toEqual([text, -1]);
  });

  it("points at the first character that cannot be there", () => {
    const cases: [string, number][] = [
      ["", 0],
      ["[1,}", 3],
      ["[1 2]", 3],
      ['{"a" 1}', 5],
      ['{"a":1,}', 7],
      ["{1:2}", 1],
      ['{"a":1', 6],
      ["[", 1],
      ["[1", 2],
      ["01", 1],
      ["1.", 1],
      ["-", 0],
      ["+1", 0],
      ["tru", 0],
      ["nul", 0],
      ['"abc', 4],
      ['"a\\x"', 2],
      ['"\\u12G4"', 1],
      ['"a\nb"', 2],
      ["[1]]", 3],
      ["{}{}", 2],
      ["\u00a0[]", 0],
      ['["a" "b"]', 5],
      ['{"a":1 "b":2}', 7],
      ["[1,,2]", 3],
      ["{,}", 1],
      ['{"a"}', 4],
    ];
    for (const [text, offset] of cases) expect([text, jsonErrorOffset(text)]).toEqual([text, offset]);
  });

  it("agrees with JSON.parse on JSON and on broken JSON", () => {
    const broken = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom("", ",", "]", "}", "[", "{", '"', ":", "x", "\\", "1", " ", "\n"))
      .map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + (at % 3 === 0 ? 1 : 0));
      });
    fc.assert(
      fc.property(fc.oneof(fc.json(), broken, fc.string()), (text) => {
        expect(jsonErrorOffset(text) === -1).toBe(parses(text));
      }),
      { numRuns: runs(3000) },
    );
  });

  it("is safe at any depth", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(jsonErrorOffset(deep)).toBe(-1);
    // One opening fewer: the last closing bracket is one too many.
    expect(jsonErrorOffset(deep.slice(1))).toBe(199_998);
  });
});

describe("placeJson", () => {
  const check = (value: unknown, text: string, place: JsonPlace, level: number): void => {
    expect(text.slice(place.offset).startsWith(JSON.stringify(value))).toBe(true);
    if (level >= 6) return;
    if (Array.isArray(value)) {
      expect(place.items.length).toBe(value.length);
      value.forEach((item, i) => check(item, text, place.items[i] as JsonPlace, level + 1));
    } else if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      expect(place.fields.size).toBe(entries.length);
      for (const [key, item] of entries) check(item, text, place.fields.get(key) as JsonPlace, level + 1);
    }
  };

  it("places every value of the first six levels where it starts", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        check(JSON.parse(text), text, placeJson(text), 0);
      }),
      { numRuns: runs(500) },
    );
  });

  it("places values through whitespace and escaped keys, and skips deeper containers whole", () => {
    const text = ' {\n "a\\u0062" : [ 1 ,\t"x]" ] ,\r\n "c" : [[[[[[["}"]]]]]], {}], "d": {} } ';
    const place = placeJson(text);
    expect(place.offset).toBe(1);
    expect([...place.fields.keys()]).toEqual(["ab", "c", "d"]);
    expect(place.fields.get("ab")?.items.map((p) => text.slice(p.offset, p.offset + 4))).toEqual(["1 ,\t", '"x]"']);
    const c = place.fields.get("c");
    expect(c?.items.map((p) => text.charAt(p.offset))).toEqual(["[", "{"]);
    expect(text.charAt(place.fields.get("d")?.offset ?? 0)).toBe("{");
    let deepest = c?.items[0];
    for (let level = 2; level < 6; level++) deepest = deepest?.items[0];
    expect(deepest?.items).toEqual([]);
    expect(text.slice(deepest?.offset ?? 0).startsWith('[["}"]]')).toBe(true);

    const objects = '{"c": [[[[[{"k": {"x": 1}}, 2]]]]], "d": 3}';
    const after = placeJson(objects).fields.get("d");
    expect(objects.slice(after?.offset ?? 0)).toBe("3}");
  });
});

describe("lineFinder", () => {
  it("gives 1-based lines, CRLF counting once, CR alone and LF alone once each", () => {
    const text = "a\r\nb\nc\rd\r\n\r\ne";
    const lineAt = lineFinder(text);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(lineAt)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6]);
    expect(lineFinder("")(0)).toBe(1);
  });
});
