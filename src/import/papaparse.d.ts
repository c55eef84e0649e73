// The part of papaparse this folder uses, for tsconfig.rules.json, which maps "papaparse" here:
// @types/papaparse brings in Node's types, which must stay out of the pure program. The main
// program checks the same calls against @types/papaparse.
export interface ParseError {
  code: string;
  row?: number;
}
export interface ParseConfig {
  delimiter?: string;
  delimitersToGuess?: string[];
  preview?: number;
}
export interface ParseResult<T> {
  data: T[];
  errors: ParseError[];
  meta: { delimiter: string };
}
declare const Papa: { parse<T>(input: string, config: ParseConfig): ParseResult<T> };
export default Papa;
