/**
 * Short notes that something happened ("Meeting deleted"), read out politely by screen readers.
 * Not for errors the user must act on: those stay on the screen beside what failed.
 */
export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'ok' | 'warn';
}

const SHOWN_FOR_MS = 6000;
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

export function toast(message: string, tone: Toast['tone'] = 'ok'): void {
  const id = next++;
  toasts = [...toasts.slice(-2), { id, message, tone }];
  setTimeout(() => toastState.dismiss(id), SHOWN_FOR_MS);
}
