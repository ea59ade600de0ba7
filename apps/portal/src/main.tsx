// First: zod's setting must be in place before any module builds a schema.
import './app/zod-jitless.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureXsrfToken } from './api/xsrf.ts';
import { App } from './app/app.tsx';
import { applyImpersonation } from './app/impersonation.ts';

// Before the first call: the xsrf cookie (spec 1 §3) and the impersonation token swap (spec 1 §4).
ensureXsrfToken();
applyImpersonation();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
