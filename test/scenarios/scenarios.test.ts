// @vitest-environment happy-dom
import { BATCHES } from "../../src/scenarios";
import { runBatches } from "./vitest-context";

// Every scenario against the double: in English on v13, in French on v14.
runBatches(BATCHES, { lang: "en", generation: 13 });
runBatches(BATCHES, { lang: "fr", generation: 14 });
