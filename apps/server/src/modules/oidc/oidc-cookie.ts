import { flowCookie } from '../../lib/flow-cookie.ts';

/** The browser's half of an OIDC sign-in or link in progress (only sent to the OIDC calls). */
export const oidcFlowCookie = flowCookie('oidc_flow', '/v1/oidc');
