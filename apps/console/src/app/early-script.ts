import { requestPageDataEarly } from './request-page-data-early.ts';

// The console's early script: built on its own as a classic `async` script in index.html's head
// (scripts/classic-script.ts), so it runs as soon as its 1.5 KB are in, long before the app's
// modules; main.tsx imports it too, which asks for nothing the script already asked for (and everything
// when it did not run, as under the dev server).
requestPageDataEarly(window.location);
