/** The start response as the tracker uses it, checked as spec §5 says (else 'Incorrect server response'). */
export interface SessionInfo {
  token: string;
  userUUID: string;
  projectID: string;
  sessionID: string;
  delay: number;
  startTimestamp?: number;
  beaconSizeLimit?: number;
  compressionThreshold?: number;
  userBrowser?: string;
  userCity?: string;
  userCountry?: string;
  userDevice?: string;
  userOS?: string;
  userState?: string;
  canvasEnabled: boolean;
  canvasQuality: 'low' | 'medium' | 'high';
  canvasFPS: number;
  assistOnly: boolean;
  features: string[];
}

const numberOrAbsent = (v: unknown) => v === undefined || v === null || typeof v === 'number';

export function checkStartResponse(json: unknown): SessionInfo | null {
  if (!json || typeof json !== 'object') return null;
  const r = json as Record<string, unknown>;
  if (
    typeof r.token !== 'string' ||
    typeof r.userUUID !== 'string' ||
    typeof r.sessionID !== 'string' ||
    typeof r.delay !== 'number' ||
    !numberOrAbsent(r.startTimestamp) ||
    !numberOrAbsent(r.beaconSizeLimit)
  ) {
    return null;
  }
  // The fields the tracker does not act on (user location, browser, OS…) pass through as the server sent them.
  return {
    ...(r as unknown as SessionInfo),
    projectID: r.projectID === undefined || r.projectID === null ? '' : String(r.projectID),
    startTimestamp: (r.startTimestamp as number | undefined) ?? undefined,
    beaconSizeLimit: (r.beaconSizeLimit as number | undefined) ?? undefined,
    compressionThreshold: typeof r.compressionThreshold === 'number' ? r.compressionThreshold : undefined,
    canvasEnabled: r.canvasEnabled === true,
    canvasQuality: r.canvasQuality === 'low' || r.canvasQuality === 'high' ? r.canvasQuality : 'medium',
    canvasFPS: typeof r.canvasFPS === 'number' ? r.canvasFPS : 1,
    assistOnly: r.assistOnly === true,
    features: Array.isArray(r.features) ? r.features.filter((f): f is string => typeof f === 'string') : [],
  };
}
