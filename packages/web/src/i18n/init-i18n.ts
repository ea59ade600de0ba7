import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The translation namespace every catalogue fills. */
export const defaultNS = 'translation';

/** Where a remembered language choice is kept (apps that offer a switch; the portal is zh-TW only). */
const LANGUAGE_KEY = 'atrium.language';

/**
 * Sets up the one i18next instance of an app: zh-TW first (spec 1 §1), every UI string from the app's
 * catalogues. With more than one language, the last choice made with `changeLanguage` is remembered.
 */
export function initI18n(catalogues: Record<string, Record<string, unknown>>): typeof i18n {
  const languages = Object.keys(catalogues);
  const resources: Resource = {};
  for (const [lng, translation] of Object.entries(catalogues)) resources[lng] = { translation };
  const remembered = languages.length > 1 ? readRememberedLanguage() : undefined;
  void i18n.use(initReactI18next).init({
    lng: remembered && languages.includes(remembered) ? remembered : 'zh-TW',
    fallbackLng: 'zh-TW',
    supportedLngs: languages,
    resources,
    interpolation: { escapeValue: false }, // React already escapes
    initAsync: false,
  });
  if (languages.length > 1) {
    i18n.on('languageChanged', (lng) => {
      document.documentElement.lang = lng;
      try {
        localStorage.setItem(LANGUAGE_KEY, lng);
      } catch {
        // Storage disabled (private mode, policy): the choice lasts for this page only.
      }
    });
    document.documentElement.lang = i18n.language;
  }
  return i18n;
}

function readRememberedLanguage(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export default i18n;
