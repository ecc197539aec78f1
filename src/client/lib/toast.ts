import { useSyncExternalStore } from 'react';

/*
 * The app's one toast helper: `toast({ title, description, variant })` from anywhere (mutation
 * callbacks included), rendered by <Toaster /> in components/ui/toaster.tsx.
 * Spec 9: at most one toast at a time, so a new toast replaces the one on screen.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** Spec 9: a dismissed toast is dropped from the store this long after it closes. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Display time in ms; TOAST_DURATION_MS when absent. */
  duration?: number;
};

export type ToastItem = ToastOptions & { id: string; open: boolean };

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

/** Shows a toast, replacing any toast on screen. Returns its id and a function closing it. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const item: ToastItem = { ...options, id, open: true };
  for (const replaced of toasts.slice(TOAST_LIMIT - 1)) {
    const timer = removeTimers.get(replaced.id);
    if (timer) clearTimeout(timer);
    removeTimers.delete(replaced.id);
  }
  setToasts([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  let changed = false;
  const next = toasts.map((t) => {
    if ((id === undefined || t.id === id) && t.open) {
      changed = true;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }
    return t;
  });
  if (changed) setToasts(next);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

/** The toasts to render; used by <Toaster /> only. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
