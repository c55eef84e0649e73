import { afterEach, describe, expect, it, vi } from "vitest";
import { progressNotification } from "./notifications";

/** A notification with a progress bar, asked of core's notifications. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeUi() {
  const bar = { update: vi.fn((_change: { pct: number; message: string }) => undefined) };
  const notifications = {
    info: vi.fn((_message: string, _options?: object) => bar),
    warn: vi.fn(),
    error: vi.fn(),
  };
  vi.stubGlobal("ui", { notifications });
  return { bar, notifications };
}

describe("progressNotification", () => {
  it("shows the message as information with a progress bar, and returns core's notification", () => {
    const { bar, notifications } = fakeUi();
    expect(progressNotification("Importing 12 groups")).toBe(bar);
    expect(notifications.info).toHaveBeenCalledExactlyOnceWith("Importing 12 groups", { progress: true });
    expect(notifications.warn).not.toHaveBeenCalled();
    expect(notifications.error).not.toHaveBeenCalled();
  });

  it("moves the bar with core's own update, given the fraction done and the text", () => {
    const { bar } = fakeUi();
    const progress = progressNotification("Importing");
    progress.update({ pct: 0.5, message: "6 of 12" });
    progress.update({ pct: 1, message: "Done" });
    expect(bar.update.mock.calls).toEqual([[{ pct: 0.5, message: "6 of 12" }], [{ pct: 1, message: "Done" }]]);
  });
});
