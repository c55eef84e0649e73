import { bootBatch } from "./boot";
import { importBatch } from "./import";
import type { ScenarioBatch } from "./context";

/** Every batch, in the order a run takes them (a player's batch after the GM batch that prepares it). */
export const BATCHES: readonly ScenarioBatch[] = [bootBatch, importBatch];
