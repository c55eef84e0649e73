/**
 * The text of an imported file, whatever a spreadsheet saved it as: UTF-8 with or without a
 * BOM, UTF-16 LE or BE with a BOM, else Windows-1252 (what French Excel writes without a BOM)
 * when the bytes are not UTF-8. The BOM is dropped; line endings are kept.
 */

/** The part of the WHATWG decoder this module uses; every browser and Node have it. */
interface Decoder {
  decode(input: Uint8Array): string;
}
declare const TextDecoder: new (
  label: "utf-8" | "utf-16le",
  options: { fatal: boolean; ignoreBOM: boolean },
) => Decoder;

/**
 * Windows-1252 bytes 0x80..0x9F (WHATWG encoding table); the five it leaves undefined stay C1
 * controls. Every other byte is the Latin-1 code point. Decoders that treat the label as Latin-1
 * (as Node without full ICU does) get this range wrong, hence the table.
 */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

const CHUNK = 0x2000;

export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3), false);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16le(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16le(swapPairs(bytes.subarray(2)));
  try {
    return utf8(bytes, true);
  } catch {
    return windows1252(bytes);
  }
}

function utf8(bytes: Uint8Array, fatal: boolean): string {
  return new TextDecoder("utf-8", { fatal, ignoreBOM: true }).decode(bytes);
}

function utf16le(bytes: Uint8Array): string {
  return new TextDecoder("utf-16le", { fatal: false, ignoreBOM: true }).decode(bytes);
}

/** UTF-16 BE as LE: each pair of bytes swapped (a last odd byte is kept, for the decoder to replace). */
function swapPairs(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  for (let i = 0; i + 1 < out.length; i += 2) {
    out[i] = bytes[i + 1] ?? 0;
    out[i + 1] = bytes[i] ?? 0;
  }
  return out;
}

function windows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    units[i] = b >= 0x80 && b < 0xa0 ? CP1252_HIGH.charCodeAt(b - 0x80) : b;
  }
  let text = "";
  for (let i = 0; i < units.length; i += CHUNK) text += String.fromCharCode(...units.subarray(i, i + CHUNK));
  return text;
}
