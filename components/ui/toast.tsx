'use client';

import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { cn } from './cn';
import { AlertIcon, CheckIcon, InfoIcon, XIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  tone: ToastTone;
  title: string;
  text?: string;
}

export interface ToastApi {
  show: (t: { tone?: ToastTone; title: string; text?: string; durationMs?: number }) => void;
  success: (title: string, text?: string) => void;
  error: (title: string, text?: string) => void;
  info: (title: string, text?: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const styles: Record<ToastTone, { box: string; Icon: typeof CheckIcon }> = {
  success: { box: 'border-green-200 text-green-900', Icon: CheckIcon },
  error: { box: 'border-red-200 text-red-900', Icon: AlertIcon },
  info: { box: 'border-slate-200 text-slate-900', Icon: InfoIcon },
};

/** Holds the toasts of the page; mounted once in components/providers.tsx. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);

  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const show = useCallback<ToastApi['show']>(
    ({ tone = 'info', title, text, durationMs }) => {
      const id = next.current++;
      setItems((xs) => [...xs.slice(-3), { id, tone, title, text }]);
      // Errors stay longer: people need time to read what went wrong.
      setTimeout(() => dismiss(id), durationMs ?? (tone === 'error' ? 8000 : 4000));
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (title, text) => show({ tone: 'success', title, text }),
      error: (title, text) => show({ tone: 'error', title, text }),
      info: (title, text) => show({ tone: 'info', title, text }),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {items.map(({ id, tone, title, text }) => {
          const { box, Icon } = styles[tone];
          return (
            <div
              key={id}
              role={tone === 'error' ? 'alert' : 'status'}
              className={cn(
                'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-3 shadow-lg',
                box,
              )}
            >
              <Icon className="mt-0.5 h-5 w-5 shrink-0" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">{title}</p>
                {text ? <p className="mt-0.5 text-slate-700">{text}</p> : null}
              </div>
              <button
                type="button"
                onClick={() => dismiss(id)}
                className="rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                aria-label="Dismiss notification"
              >
                <XIcon />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider> (components/providers.tsx).');
  return ctx;
}
