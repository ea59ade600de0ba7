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
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const quality = r.canvasQuality === 'low' || r.canvasQuality === 'high' ? r.canvasQuality : 'medium';
  return {
    token: r.token,
    userUUID: r.userUUID,
    sessionID: r.sessionID,
    projectID: r.projectID === undefined || r.projectID === null ? '' : String(r.projectID),
    delay: r.delay,
    startTimestamp: (r.startTimestamp as number | undefined) ?? undefined,
    beaconSizeLimit: (r.beaconSizeLimit as number | undefined) ?? undefined,
    compressionThreshold: typeof r.compressionThreshold === 'number' ? r.compressionThreshold : undefined,
    userBrowser: str(r.userBrowser),
    userCity: str(r.userCity),
    userCountry: str(r.userCountry),
    userDevice: str(r.userDevice),
    userOS: str(r.userOS),
    userState: str(r.userState),
    canvasEnabled: r.canvasEnabled === true,
    canvasQuality: quality,
    canvasFPS: typeof r.canvasFPS === 'number' ? r.canvasFPS : 1,
    assistOnly: r.assistOnly === true,
    features: Array.isArray(r.features) ? r.features.filter((f): f is string => typeof f === 'string') : [],
  };
}
