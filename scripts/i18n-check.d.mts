export declare const SAME_IN_BOTH: Set<string>;
export declare function flattenKeys(obj: Record<string, unknown>, prefix?: string): [string, unknown][];
export declare function usedKeys(root?: string): Map<string, string>;
export declare function checkI18n(root?: string): string[];
