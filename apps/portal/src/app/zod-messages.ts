import { zodIssueMessage } from '@atrium/protocol/zod-messages';

// What a schema leaves unworded (a number's range, a whole number) zod would say in English; the portal says it
// in zh-TW (spec 1 §5, issue 23). Set on the settings object zod adopts (see zod-jitless.ts) without importing
// zod, so screens without forms still load none (ADR 0016).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.customError = (issue: Parameters<typeof zodIssueMessage>[0]) =>
  zodIssueMessage(issue, 'zh-TW');
