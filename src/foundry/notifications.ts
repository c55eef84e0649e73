/** A notification with a progress bar, moved on as work is done. */
export interface ProgressBar {
  update(change: { pct: number; message: string }): void;
}

/**
 * Shows `message` with a progress bar. Core's progress notification takes `{pct, message}` in
 * its update (API v13 and v14, `NotificationUpdateCallback`); the type definitions give it a
 * bare number.
 */
export function progressNotification(message: string): ProgressBar {
  return ui.notifications.info(message, { progress: true }) as unknown as ProgressBar;
}
