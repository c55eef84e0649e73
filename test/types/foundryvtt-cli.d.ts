// The part of the Foundry CLI (@foundryvtt/foundryvtt-cli 3.0.3, which ships no types) the tests use.
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(src: string, dest: string, options?: { yaml?: boolean; log?: boolean }): Promise<void>;
  export function extractPack(src: string, dest: string, options?: { yaml?: boolean; log?: boolean }): Promise<void>;
}
