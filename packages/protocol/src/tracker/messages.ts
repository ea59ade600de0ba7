/**
 * The tracker's message catalogue (spec 2 §1, §7). Every message is a JSON array `[type, ...fields]`:
 * arrays are compact on the wire and positional fields are stable. Types 0 (Timestamp) and 49 (TabData)
 * are the spec's; the rest are ours. A "commit" is `[Timestamp, TabData, ...messages]`; the time of a
 * message is the Timestamp that precedes it (rrweb events also carry their own `timestamp`). A commit of
 * exactly Timestamp + TabData carries nothing and is never sent.
 */
export const MessageType = {
  Timestamp: 0,
  /** An rrweb event object as produced by `@rrweb/record` (full snapshot, mutations, CSS, fonts, canvas…). */
  RrwebEvent: 1,
  SetPageLocation: 4,
  SetViewportSize: 5,
  SetViewportScroll: 6,
  MouseMove: 20,
  MouseClick: 21,
  ConsoleLog: 22,
  PageLoadTiming: 23,
  PageRenderTiming: 24,
  JSException: 25,
  InputChange: 26,
  CustomEvent: 27,
  UserID: 28,
  UserAnonymousID: 29,
  Metadata: 30,
  NetworkRequest: 31,
  WebVital: 32,
  MouseThrashing: 33,
  TagTrigger: 34,
  WSChannel: 35,
  /** A guard tripped (mutation storm, upload backlog dropped…): the replay must show a gap here. */
  RecorderDegraded: 36,
  Issue: 37,
  UxtEvent: 38,
  PageVisibility: 39,
  /** A file the page loaded (image, script, style, font…), from the Resource Timing API. */
  ResourceTiming: 40,
  /** Frame rate, main-thread availability and JS heap over a 2 s window (capturePerformanceTrack). */
  PerformanceTrack: 41,
  TabData: 49,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** The tracker's timer: a commit leaves every tick, and spec §9 counts mouse and console limits in ticks. */
export const TRACKER_TICK_MS = 30;
/** The span a PerformanceTrack message covers: its counts are scaled to exactly this (see below). */
export const PERFORMANCE_WINDOW_MS = 2000;

/** [0, epoch ms] */
export type Timestamp = [typeof MessageType.Timestamp, number];
/** [1, rrweb eventWithTime] */
export type RrwebEvent = [typeof MessageType.RrwebEvent, { type: number; data: unknown; timestamp: number }];
/** [4, url, referrer, navigationStart epoch ms] — one per page (the server counts pages from these). */
export type SetPageLocation = [typeof MessageType.SetPageLocation, string, string, number];
/** [5, width, height] */
export type SetViewportSize = [typeof MessageType.SetViewportSize, number, number];
/** [6, scrollX, scrollY] of the window. Element scrolls ride in rrweb's incremental events. */
export type SetViewportScroll = [typeof MessageType.SetViewportScroll, number, number];
/** [20, x, y] in CSS pixels of the page, sampled (spec §9: every 7 units). */
export type MouseMove = [typeof MessageType.MouseMove, number, number];
/**
 * [21, rrweb node id (-1 unknown), label (≤100 chars, masked like text), selector, x, y]
 * with x/y scaled to 0..10000 of the page width/height (spec §9).
 */
export type MouseClick = [typeof MessageType.MouseClick, number, string, string, number, number];
/** [22, level (log|info|warn|error|debug|assert), text] */
export type ConsoleLog = [typeof MessageType.ConsoleLog, string, string];
/**
 * [23, requestStart, responseStart, responseEnd, domContentLoadedEventStart, domContentLoadedEventEnd,
 *  loadEventStart, loadEventEnd, firstPaint, firstContentfulPaint] — ms since navigation start, 0 unknown.
 */
export type PageLoadTiming = [
  typeof MessageType.PageLoadTiming,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];
/** [24, speedIndex, visuallyComplete, timeToInteractive] ms since navigation start. */
export type PageRenderTiming = [typeof MessageType.PageRenderTiming, number, number, number];
/** [25, name, message, stack frames as JSON string, payload as JSON string] */
export type JSException = [typeof MessageType.JSException, string, string, string, string];
/** [26, rrweb node id, value (already masked in the browser), masked?, label (≤100 chars)] */
export type InputChange = [typeof MessageType.InputChange, number, string, boolean, string];
/** [27, name, payload as JSON string] */
export type CustomEvent = [typeof MessageType.CustomEvent, string, string];
/** [28, user id] */
export type UserID = [typeof MessageType.UserID, string];
/** [29, anonymous id] */
export type UserAnonymousID = [typeof MessageType.UserAnonymousID, string];
/** [30, key, value] */
export type Metadata = [typeof MessageType.Metadata, string, string];
/**
 * [31, requestType (fetch|xhr|beacon), method, url, request JSON `{headers, body}`, response JSON
 *  `{headers, body}`, status, startTime epoch ms, duration ms, responseSize bytes] — spec §3 network record.
 */
export type NetworkRequest = [
  typeof MessageType.NetworkRequest,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
];
/** [32, name (FCP|CLS|INP|LCP|TTFB), value, rating (good|needs-improvement|poor) by spec §9 thresholds] */
export type WebVital = [typeof MessageType.WebVital, string, number, string];
/** [33] the pointer was shaken within 225 ms (spec §9). */
export type MouseThrashing = [typeof MessageType.MouseThrashing];
/** [34, tag id] a staff-defined tag selector was clicked. */
export type TagTrigger = [typeof MessageType.TagTrigger, number];
/** [35, channel type (websocket), channel (url), data, dir (up|down), message type (text|binary|open|close)] */
export type WSChannel = [typeof MessageType.WSChannel, string, string, string, string, string];
/** [36, reason (mutation-storm|upload-backlog|snapshot-too-large…), detail] */
export type RecorderDegraded = [typeof MessageType.RecorderDegraded, string, string];
/** [37, issue type, context JSON] */
export type Issue = [typeof MessageType.Issue, string, string];
/** [38, test id, task id (0 for the test itself), status (begin|done|skipped), answer] */
export type UxtEvent = [typeof MessageType.UxtEvent, number, number, string, string];
/** [39, hidden?] */
export type PageVisibility = [typeof MessageType.PageVisibility, boolean];
/**
 * [40, startTime epoch ms, duration ms, ttfb ms, headerSize, encodedBodySize, decodedBodySize, url,
 *  initiatorType (img|script|css|link|other…), transferSize, cached?] — sizes in bytes, OpenReplay's fields.
 * The browser hides sizes and ttfb (0) of cross-origin files served without Timing-Allow-Origin. fetch,
 * XHR and beacon requests are not repeated here: they are NetworkRequest messages.
 */
export type ResourceTiming = [
  typeof MessageType.ResourceTiming,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
  number,
  boolean,
];
/**
 * [41, frames, ticks, totalJSHeapSize, usedJSHeapSize] over the PERFORMANCE_WINDOW_MS (2 s) of visible page
 * before the message, counts scaled to exactly that span so a window stretched by a blocked main thread still
 * reads right: fps = frames / 2; CPU availability = ticks / (PERFORMANCE_WINDOW_MS / TRACKER_TICK_MS), the
 * share of the tracker's ticks that ran (fewer = a busy main thread). Heap in bytes from `performance.memory`
 * (Chromium), 0 elsewhere.
 */
export type PerformanceTrack = [typeof MessageType.PerformanceTrack, number, number, number, number];
/** [49, tab id] */
export type TabData = [typeof MessageType.TabData, string];

export type Message =
  | Timestamp
  | RrwebEvent
  | SetPageLocation
  | SetViewportSize
  | SetViewportScroll
  | MouseMove
  | MouseClick
  | ConsoleLog
  | PageLoadTiming
  | PageRenderTiming
  | JSException
  | InputChange
  | CustomEvent
  | UserID
  | UserAnonymousID
  | Metadata
  | NetworkRequest
  | WebVital
  | MouseThrashing
  | TagTrigger
  | WSChannel
  | RecorderDegraded
  | Issue
  | UxtEvent
  | PageVisibility
  | ResourceTiming
  | PerformanceTrack
  | TabData;

/** True for a commit that holds only its Timestamp and TabData (spec §9): such a commit is skipped. */
export function isEmptyCommit(commit: readonly (readonly unknown[])[]): boolean {
  return (
    commit.length === 2 && commit[0]?.[0] === MessageType.Timestamp && commit[1]?.[0] === MessageType.TabData
  );
}
