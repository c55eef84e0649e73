import { bootBatch } from "./boot";
import { combatBatch } from "./combat";
import { creationBatch } from "./creation";
import { importBatch } from "./import";
import { migrationBatch } from "./migration";
import { rollsBatch } from "./rolls";
import { sheetsBatch } from "./sheets";
import { seatBatch, seatCleanupBatch, seatPrepareBatch } from "./seat";
import type { ScenarioBatch } from "./context";

/** Every batch, in the order a run takes them (a player's batch after the GM batch that prepares it). */
export const BATCHES: readonly ScenarioBatch[] = [
  bootBatch,
  sheetsBatch,
  importBatch,
  migrationBatch,
  rollsBatch,
  creationBatch,
  combatBatch,
  seatPrepareBatch,
  seatBatch,
  seatCleanupBatch,
];
