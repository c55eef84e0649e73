import { afterEach, describe, expect, it, vi } from "vitest";
import { count, percent, signed } from "./format";

afterEach(() => {
  vi.unstubAllGlobals();
});

function inLanguage(lang: string | undefined): void {
  vi.stubGlobal("game", { i18n: lang === undefined ? undefined : { lang } });
}

describe("percent", () => {
  it("never shows a false 0 % or 100 %: the ends read < 0.1 % and > 99.9 %", () => {
    inLanguage("en");
    expect([0, 0.0001, 0.0004999, 0.0005, 0.5, 0.9994, 0.9995, 0.99999, 1].map(percent)).toEqual([
      "0%",
      "< 0.1%",
      "< 0.1%",
      "0.1%",
      "50%",
      "99.9%",
      "> 99.9%",
      "> 99.9%",
      "100%",
    ]);
  });

  it("is written in the reader's language, English when the language is not known yet", () => {
    inLanguage("fr");
    expect([percent(0.125), percent(0.0001)].map((s) => s.replace(/\s/g, " "))).toEqual(["12,5 %", "< 0,1 %"]);
    inLanguage(undefined);
    expect(percent(0.125)).toBe("12.5%");
  });
});

describe("count and signed", () => {
  it("group digits as the reader's language does", () => {
    inLanguage("fr");
    expect(count(1_000_000).replace(/\s/g, " ")).toBe("1 000 000");
    inLanguage("en");
    expect(count(1_000_000)).toBe("1,000,000");
  });

  it("write Values as the books do, with a true minus sign", () => {
    expect([3, 0, -2].map(signed)).toEqual(["+3", "0", "−2"]);
  });
});
