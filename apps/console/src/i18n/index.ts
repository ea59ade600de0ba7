import { initI18n } from '@atrium/web/i18n/init-i18n.ts';
import en from './en.json';
import zhTW from './zh-TW.json';

/** The console speaks zh-TW, with English for staff who prefer it (remembered; ADR 0026). */
export default initI18n({ 'zh-TW': zhTW, en });
