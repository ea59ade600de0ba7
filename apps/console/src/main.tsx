// First: zod's setting must be in place before any module builds a schema.
import '@atrium/web/app/zod-jitless.ts';
// Second: what the page needs first is asked for before the rest of the console is evaluated, unless the
// early script in index.html asked already.
import './app/early-script.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import './i18n/index.ts';
import './app/zod-messages.ts';
import './console.css';
import { ensureXsrfToken } from '@atrium/web/api/xsrf.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

// Before the first call: the xsrf cookie (spec 1 §3), shared with the portal on the same origin.
ensureXsrfToken();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
