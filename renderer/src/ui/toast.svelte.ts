/**
 * Short notes that something happened ("Meeting deleted"), shown on screen and read out politely
 * by screen readers. A note may offer one action ("Undo"). Not for errors the user must act on:
 * those stay on the screen beside what failed.
 */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'ok' | 'warn';
  action?: ToastAction;
}

export interface ToastOptions {
  action?: ToastAction;
  /** Shown until dismissed (by the user, or by the screen that showed it when it closes). */
  stay?: boolean;
}

const SHOWN_FOR_MS = 6000;
/** A note with an action stays longer: time to reach it by keyboard. */
const WITH_ACTION_MS = 12000;
let next = 1;
let toasts = $state<Toast[]>([]);

export const toastState = {
  get all(): readonly Toast[] {
    return toasts;
  },
  dismiss(id: number): void {
    toasts = toasts.filter((t) => t.id !== id);
  },
  clear(): void {
    toasts = [];
  },
};

/** Shows a note; resolves to its id (for toastState.dismiss). */
export function toast(message: string, tone: Toast['tone'] = 'ok', options: ToastOptions = {}): number {
  const id = next++;
  toasts = [...toasts.slice(-2), { id, message, tone, ...(options.action ? { action: options.action } : {}) }];
  if (!options.stay) setTimeout(() => toastState.dismiss(id), options.action ? WITH_ACTION_MS : SHOWN_FOR_MS);
  return id;
}
