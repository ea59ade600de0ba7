import { onEmailVerified } from '../account/index.ts';
import { notifyUser } from './notify-users.ts';

let subscribed = false;

/**
 * Greets a learner once their address is verified. The account hook is process-wide and the event
 * carries its own database, so one subscription serves every app instance (tests build many).
 */
export function subscribeWelcomeMessage(): void {
  if (subscribed) return;
  subscribed = true;
  onEmailVerified(async (event) => {
    await notifyUser(event.db, event.userId, {
      title: '歡迎加入 Atrium',
      body: `${event.nickname || '你好'}，歡迎加入！可以先到個人資料設定頭像與自我介紹，再到任務板看看有哪些任務。`,
      category: 'account',
      link: '/user',
    });
  });
}
