// The start request a desktop Chromium tracker sends (spec §4), as the benches replay it.
export function trackerStartBody({ tabId, url = 'https://portal.example/', timestamp = Date.now() }) {
  return JSON.stringify({
    trackerVersion: '15.0.3',
    projectKey: 'atrium-portal',
    timestamp,
    doNotRecord: false,
    bufferDiff: 0,
    userID: null,
    token: null,
    deviceMemory: 8,
    jsHeapSizeLimit: 4e9,
    timezone: '+08:00',
    condition: null,
    assistOnly: false,
    width: 1440,
    height: 900,
    url,
    referrer: '',
    tabId,
  });
}
