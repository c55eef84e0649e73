import { describe, expect, it } from "vitest";
import { mulberry32 } from "../random";
import { HARMONIES_DEFAULTS } from "./defaults";
import { EMPTY_WOUND_TRACK, WOUND_LEVELS, addWound, woundTrackPenalty, type WoundTrack } from "./wounds";
import type { SoakSeverity } from "./soak";

const track = (light: number, grave: number, critical: number, fatal = false): WoundTrack => ({
  light,
  grave,
  critical,
  fatal,
});

describe("addWound", () => {
  it("records a wound at its own level", () => {
    expect(addWound(EMPTY_WOUND_TRACK, "light")).toEqual(track(1, 0, 0));
    expect(addWound(track(1, 0, 0), "grave")).toEqual(track(1, 1, 0));
  });

  it("aggravates a wound of a full type to the next free level", () => {
    expect(addWound(track(4, 0, 0), "light")).toEqual(track(4, 1, 0));
    // A light wound with light and grave full becomes critical.
    expect(addWound(track(4, 2, 0), "light")).toEqual(track(4, 2, 1));
  });

  it("a wound with no free level at or above it is fatal", () => {
    expect(addWound(track(0, 0, 1), "critical")).toEqual(track(0, 0, 1, true));
    expect(addWound(track(4, 2, 1), "light")).toEqual(track(4, 2, 1, true));
  });

  it("none and stunned leave the track as it is", () => {
    expect(addWound(track(1, 1, 0), "none")).toEqual(track(1, 1, 0));
    expect(addWound(track(1, 1, 0), "stunned")).toEqual(track(1, 1, 0));
  });

  it("takes the maxima as a parameter", () => {
    const woundMaxima = { light: 1, grave: 1, critical: 2 };
    expect(addWound(track(1, 1, 1), "light", { woundMaxima })).toEqual(track(1, 1, 2));
  });

  it("never pushes a track beyond its maxima (random wounds, seeded)", () => {
    const random = mulberry32(11);
    const severities: SoakSeverity[] = ["none", "stunned", ...WOUND_LEVELS];
    const maxima = HARMONIES_DEFAULTS.woundMaxima;
    for (let run = 0; run < 500; run++) {
      let t: WoundTrack = EMPTY_WOUND_TRACK;
      for (let i = 0; i < 12; i++) {
        t = addWound(t, severities[Math.floor(random() * severities.length)] ?? "none");
        expect(t.light).toBeLessThanOrEqual(maxima.light);
        expect(t.grave).toBeLessThanOrEqual(maxima.grave);
        expect(t.critical).toBeLessThanOrEqual(maxima.critical);
      }
    }
  });

  it("does not change the track it is given", () => {
    const before = track(1, 0, 0);
    addWound(before, "light");
    expect(before).toEqual(track(1, 0, 0));
  });

  it("rejects bad tracks and severities, naming them", () => {
    expect(() => addWound(track(-1, 0, 0), "light")).toThrow(/^track\.light/);
    expect(() => addWound(track(0, 0.5, 0), "light")).toThrow(/^track\.grave must be an integer/);
    expect(() => addWound(EMPTY_WOUND_TRACK, "deadly" as SoakSeverity)).toThrow(/^severity must be one of/);
  });
});

describe("woundTrackPenalty", () => {
  it("light −1 to physical actions, grave −3 and critical −10 to all; cumulative", () => {
    expect(woundTrackPenalty(track(2, 1, 1))).toEqual({ all: -13, physical: -15 });
    expect(Object.is(woundTrackPenalty(EMPTY_WOUND_TRACK).all, 0)).toBe(true);
    expect(woundTrackPenalty(track(2, 0, 0))).toEqual({ all: 0, physical: -2 });
  });
});
