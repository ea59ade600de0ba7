// The metrics module's public entry (ADR 0052): the app creates the instruments once and decorates
// `app.metrics`; modules report through that decorator, never by importing this folder's files.
export { createMetrics, type Metrics } from './create-metrics.ts';
export { metricsRoutes } from './metrics-routes.ts';
export { timedBlobStore } from './timed-blob-store.ts';
