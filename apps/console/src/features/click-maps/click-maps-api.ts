import type {
  ClickMap,
  ClickMapPages,
  ClickMapPagesParams,
  ClickMapParams,
} from '@atrium/protocol/click-maps';
import { apiCall } from '@atrium/web/api/client.ts';

/** The click-map staff API (ADR 0064); the contract is the protocol's. */
export const clickMapsApi = {
  pages: (query: ClickMapPagesParams, signal?: AbortSignal) =>
    apiCall<ClickMapPages>('GET', '/v1/console/click-maps/pages', { query, signal }),
  map: (query: ClickMapParams, signal?: AbortSignal) =>
    apiCall<ClickMap>('GET', '/v1/console/click-maps', { query, signal }),
};
