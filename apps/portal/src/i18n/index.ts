import { initI18n } from '@atrium/web/i18n/init-i18n.ts';
import zhTW from './zh-TW.json';

/** The portal speaks zh-TW only (spec 1 §1); every UI string comes from this catalogue. */
export default initI18n({ 'zh-TW': zhTW });
