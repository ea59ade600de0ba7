/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Parent domain for the token and xsrf cookies (spec 1 §9); unset means the current host. */
  readonly VITE_COOKIE_DOMAIN?: string;
}
