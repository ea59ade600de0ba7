import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhTW from './zh-TW.json';

/** The portal speaks zh-TW only (spec 1 §1); every UI string comes from this catalogue. */
export const defaultNS = 'translation';

void i18n.use(initReactI18next).init({
  lng: 'zh-TW',
  fallbackLng: 'zh-TW',
  resources: { 'zh-TW': { translation: zhTW } },
  interpolation: { escapeValue: false }, // React already escapes
  initAsync: false,
});

export default i18n;
