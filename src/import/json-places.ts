/**
 * Where the values of a valid JSON text start, so that a problem names its line: JSON.parse
 * gives the values but not their places. Only the first levels are mapped (a group sits a few
 * levels down); deeper values are skipped without recursion, so any nesting is safe.
 */
export interface JsonPlace {
  offset: number;
  items: JsonPlace[];
  fields: Map<string, JsonPlace>;
}

/** Levels of containers mapped: a Foundry export's stat value sits in array → actor → system → members → member → stats. */
const MAPPED_LEVELS = 6;

export function placeJson(text: string): JsonPlace {
  let i = 0;
  const skipSpace = (): void => {
    while (/\s/.test(text.charAt(i))) i++;
  };
  const skipString = (): void => {
    i++;
    while (text.charAt(i) !== '"') i += text.charAt(i) === "\\" ? 2 : 1;
    i++;
  };
  const skipContainer = (): void => {
    let level = 0;
    do {
      const c = text.charAt(i);
      if (c === '"') {
        skipString();
        continue;
      }
      if (c === "{" || c === "[") level++;
      else if (c === "}" || c === "]") level--;
      i++;
    } while (level > 0);
  };
  const value = (level: number): JsonPlace => {
    skipSpace();
    const place: JsonPlace = { offset: i, items: [], fields: new Map() };
    const open = text.charAt(i);
    if (open === '"') skipString();
    else if (open !== "{" && open !== "[") while (/[^\s,\]}]/.test(text.charAt(i))) i++;
    else if (level >= MAPPED_LEVELS) skipContainer();
    else {
      i++;
      skipSpace();
      if (text.charAt(i) === (open === "{" ? "}" : "]")) i++;
      else
        do {
          if (open === "{") {
            skipSpace();
            const keyStart = i;
            skipString();
            const key = JSON.parse(text.slice(keyStart, i)) as string;
            skipSpace();
            i++;
            place.fields.set(key, value(level + 1));
          } else place.items.push(value(level + 1));
          skipSpace();
        } while (text.charAt(i++) === ",");
    }
    return place;
  };
  return value(0);
}

/** The 1-based line of each offset of a text, `\r\n` counting once. */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "\n" || (c === "\r" && text.charAt(i + 1) !== "\n")) starts.push(i + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

const JSON_SPACE = /[ \t\n\r]*/y;
const SCALAR = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * Where a text stops being JSON: the offset of the first character that cannot be there (the
 * text's length when it ends too early), or -1 for valid JSON. JSON.parse says where only in
 * some engines' messages; this says it everywhere. Iterative, so any nesting is safe.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const closers: string[] = [];
  const space = (): void => {
    JSON_SPACE.lastIndex = i;
    JSON_SPACE.exec(text);
    i = JSON_SPACE.lastIndex;
  };
  const string = (): boolean => {
    i++;
    for (;;) {
      const c = text.charAt(i);
      if (c === '"') {
        i++;
        return true;
      }
      if (c === "\\") {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) return false;
        i = ESCAPE.lastIndex;
      } else if (c === "" || c < " ") return false;
      else i++;
    }
  };
  const key = (): boolean => {
    space();
    if (text.charAt(i) !== '"' || !string()) return false;
    space();
    if (text.charAt(i) !== ":") return false;
    i++;
    return true;
  };
  for (;;) {
    space();
    const c = text.charAt(i);
    if (c === "{" || c === "[") {
      const closer = c === "{" ? "}" : "]";
      i++;
      space();
      if (text.charAt(i) !== closer) {
        closers.push(closer);
        if (c === "{" && !key()) return i;
        continue;
      }
      i++;
    } else if (c === '"') {
      if (!string()) return i;
    } else {
      SCALAR.lastIndex = i;
      if (!SCALAR.test(text)) return i;
      i = SCALAR.lastIndex;
    }
    for (;;) {
      space();
      const closer = closers.at(-1);
      if (closer === undefined) return i < text.length ? i : -1;
      const d = text.charAt(i);
      if (d === closer) {
        closers.pop();
        i++;
        continue;
      }
      if (d !== ",") return i;
      i++;
      if (closer === "}" && !key()) return i;
      break;
    }
  }
}
