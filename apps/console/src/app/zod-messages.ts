import { zodIssueMessage } from '@atrium/protocol/zod-messages';
import i18n from '@atrium/web/i18n/init-i18n.ts';
import { z } from 'zod';

// zod words what a schema leaves unworded (a number's range, a whole number) in English; the console's forms say
// it in the language chosen in its switch, read at each check so a switch applies at once (issue 23). Through
// z.config, not the settings object zod-jitless.ts leaves on globalThis: the console's bundle may evaluate zod
// before that module runs, and zod then keeps its own object; so jitless (no eval under the CSP) is set here too.
z.config({ jitless: true, customError: (issue) => zodIssueMessage(issue, i18n.language) });
