// The metrics module's public entry (ADR 0052): the app creates the instruments once and decorates
// `app.metrics`; modules report through that decorator, never by importing this folder's files.
export { createMetrics, type Metrics } from './create-metrics.ts';
export { metricsRoutes, routeLabel } from './metrics-routes.ts';
export { SERVER_VERSION } from './server-version.ts';
export { timedBlobStore } from './timed-blob-store.ts';
