import { describe, expect, it } from "vitest";
import { decodeImportFile } from "./decode";

declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = (text: string): number[] => [...new TextEncoder().encode(text)];
const utf16le = (text: string): number[] =>
  [...text].flatMap((ch) => {
    const units = ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [ch.charCodeAt(0)];
    return units.flatMap((u) => [u & 0xff, u >> 8]);
  });
const utf16be = (text: string): number[] =>
  utf16le(text).map((_, i, all) => (i % 2 ? (all[i - 1] ?? 0) : (all[i + 1] ?? 0)));
const decode = (bytes: number[]): string => decodeImportFile(Uint8Array.from(bytes));

const FRENCH = "Groupe;Nom;Nombre\r\nGardes;Hommes d'armes;25\r\nŒuvre;« Lœss » 5 €;3\r\n";

describe("decodeImportFile", () => {
  it("reads UTF-8 with a BOM, drops the BOM and keeps CRLF", () => {
    expect(decode([0xef, 0xbb, 0xbf, ...utf8(FRENCH)])).toBe(FRENCH);
  });

  it("reads UTF-8 without a BOM", () => {
    expect(decode(utf8(FRENCH))).toBe(FRENCH);
  });

  it("keeps a second BOM after the first, as text", () => {
    expect(decode([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41])).toBe("\uFEFFA");
  });

  it("keeps a file that says it is UTF-8 as UTF-8: a bad byte becomes a replacement character", () => {
    expect(decode([0xef, 0xbb, 0xbf, 0x41, 0xe9, 0x42])).toBe("A\uFFFDB");
  });

  it("keeps a second BOM after a UTF-16 one, as text", () => {
    expect(decode([0xff, 0xfe, 0xff, 0xfe, 0x41, 0x00])).toBe("\uFEFFA");
    expect(decode([0xfe, 0xff, 0xfe, 0xff, 0x00, 0x41])).toBe("\uFEFFA");
  });

  it("reads UTF-16 LE and BE with their BOM, astral characters included", () => {
    const text = "Tigre 虎;🐯\nLœss;2\r\n";
    expect(decode([0xff, 0xfe, ...utf16le(text)])).toBe(text);
    expect(decode([0xfe, 0xff, ...utf16be(text)])).toBe(text);
  });

  it("replaces a last odd byte of UTF-16 instead of failing", () => {
    expect(decode([0xff, 0xfe, 0x41, 0x00, 0x42])).toBe("A\uFFFD");
    expect(decode([0xfe, 0xff, 0x00, 0x41, 0x42])).toBe("A\uFFFD");
  });

  it("reads UTF-16 only with its BOM: without one, these bytes are UTF-8", () => {
    expect(decode([0x41, 0x00, 0x42, 0x00])).toBe("A\u0000B\u0000");
  });

  it("takes only a whole BOM for one", () => {
    expect(decode([0xef, 0xbb, 0x41])).toBe("ï»A");
    expect(decode([0xef, 0x41, 0xbf])).toBe("ïA¿");
    expect(decode([0xff, 0x41, 0x42])).toBe("ÿAB");
    expect(decode([0xfe, 0x41, 0x42])).toBe("þAB");
    expect(decode([0x41, 0xfe, 0x42])).toBe("AþB");
    expect(decode([0x41, 0xff, 0x42])).toBe("AÿB");
  });

  it("reads Windows-1252 when the bytes are not UTF-8: accents, and € œ Œ ’ … from 0x80–0x9F", () => {
    // "Élite;Cœur 5 €;l’Œil…" as French Excel saves it without a BOM.
    const bytes = [0xc9, 0x6c, 0x69, 0x74, 0x65, 0x3b, 0x43, 0x9c, 0x75, 0x72, 0x20, 0x35, 0x20, 0x80, 0x3b];
    bytes.push(0x6c, 0x92, 0x8c, 0x69, 0x6c, 0x85, 0x0d, 0x0a);
    expect(decode(bytes)).toBe("Élite;Cœur 5 €;l’Œil…\r\n");
  });

  it("maps every byte of Windows-1252 as the WHATWG table does", () => {
    // 0x80..0x9F from the WHATWG index-windows-1252; the five undefined bytes stay C1 controls.
    const high = [
      0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d,
      0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d,
      0x17e, 0x178,
    ];
    // 0xFF first: not a BOM, and no UTF-8 text can start with it.
    const bytes = [0xff, ...Array.from({ length: 256 }, (_, b) => b)];
    const expected = [0xff, ...Array.from({ length: 256 }, (_, b) => (b >= 0x80 && b < 0xa0 ? high[b - 0x80] : b))];
    expect([...decode(bytes)].map((c) => c.codePointAt(0))).toEqual(expected);
  });

  it("reads a long Windows-1252 file whole", () => {
    const bytes = Array.from({ length: 50_000 }, (_, i) => (i % 100 === 99 ? 0x0a : 0xe9));
    const text = decode(bytes);
    expect(text.length).toBe(50_000);
    expect(text.slice(95, 101)).toBe("éééé\né");
    expect(text.endsWith("é\n")).toBe(true);
  });

  it("reads an empty file as empty text", () => {
    expect(decode([])).toBe("");
    expect(decode([0xef, 0xbb, 0xbf])).toBe("");
    expect(decode([0xff, 0xfe])).toBe("");
  });

  it("keeps LF, CRLF and CR line endings as they are", () => {
    expect(decode(utf8("a\nb\r\nc\rd"))).toBe("a\nb\r\nc\rd");
  });
});
