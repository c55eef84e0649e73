// The part of papaparse this folder uses, for tsconfig.rules.json, which maps "papaparse" here:
// @types/papaparse brings in Node's types, which must stay out of the pure program. The main
// program checks the same calls against @types/papaparse.
export interface ParseError {
  code: string;
}
export interface ParseStepResult<T> {
  data: T;
  errors: ParseError[];
  meta: { cursor: number };
}
export interface ParseConfig<T> {
  delimiter?: string;
  delimitersToGuess?: string[];
  preview?: number;
  step?: (result: ParseStepResult<T>) => void;
}
export interface ParseResult {
  meta: { delimiter: string };
}
declare const Papa: { parse<T>(input: string, config: ParseConfig<T>): ParseResult };
export default Papa;
