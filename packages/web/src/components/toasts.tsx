import { useSyncExternalStore } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Spec 1 §9: every toast stays 6 s. */
export const TOAST_DELAY_MS = 6000;

export type ToastVariant = 'warning' | 'danger' | 'success' | 'info';
interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
}

// A tiny store outside React so non-component code (the query cache) can raise toasts.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function showToast(variant: ToastVariant, message: string): void {
  items = [...items, { id: nextId++, variant, message }];
  emit();
}

function dismiss(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ToastHost() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, () => items);
  return (
    <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 1090 }}>
      {current.map((item) => (
        <Toast
          key={item.id}
          bg={item.variant}
          autohide
          delay={TOAST_DELAY_MS}
          onClose={() => dismiss(item.id)}
          data-testid="toast"
          data-variant={item.variant}
        >
          <div className="d-flex">
            <Toast.Body className={item.variant === 'warning' ? 'text-dark' : 'text-white'}>
              {item.message}
            </Toast.Body>
            <button
              type="button"
              className={`btn-close me-2 m-auto ${item.variant === 'warning' ? '' : 'btn-close-white'}`}
              aria-label={t('toast.close')}
              onClick={() => dismiss(item.id)}
            />
          </div>
        </Toast>
      ))}
    </ToastContainer>
  );
}
