/** The tracker's error strings (spec 2 §8), verbatim where the spec gives them. */
export const TrackerErrors = {
  alreadyStarted: 'OpenReplay: trying to call start() on the instance that has been started already',
  noWorker: 'No worker found: perhaps, CSP is not set.',
  serverError: (status: number, text: string) => `Server error: ${status}. ${text}`,
  incorrectResponse: 'Incorrect server response',
  noWorkerAfterStart: 'no worker found after start request',
  unknown: 'Unknown error',
  unsupported: "Browser doesn't support required api, or doNotTrack is active.",
  notInBrowser: 'Trying to start not in browser.',
  notInitialized: 'Tracker not initialized',
  oneInstance: 'one tracker instance has been initialised already',
  // The spec does not show the insecure-site wording; this one is ours.
  insecure: 'Atrium tracker: insecure page (not https), not recording; see the __DISABLE_SECURE_MODE option.',
  projectKey: 'Atrium tracker: projectKey must be a string; not initialised.',
  projectKeyNumber: 'Atrium tracker: projectKey converted from a number to a string.',
  projectID: 'Atrium tracker: projectID is deprecated; use projectKey.',
  unsupportedConsole: (method: string) => `Atrium tracker: unsupported console method "${method}"`,
  stoppedDuringStart: 'Tracker stopped during start',
} as const;
