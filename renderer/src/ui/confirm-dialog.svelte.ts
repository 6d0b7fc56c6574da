/**
 * The app's yes/no question, instead of the browser's confirm():
 *   if (!(await confirmDialog({ title: 'Delete meeting?', body: '…', confirm: 'Delete' }))) return;
 * Resolves true only when the user presses the confirm button; Escape or Cancel resolve false.
 * ConfirmHost.svelte (mounted once by App.svelte) shows it.
 */
export interface ConfirmQuestion {
  title: string;
  body: string;
  /** The confirm button's words: the action itself ("Delete", "Undo import"), never "OK". */
  confirm: string;
  cancel?: string;
  /** Destructive by default (red button); false for a plain primary button. */
  danger?: boolean;
}

interface Pending extends ConfirmQuestion {
  resolve: (ok: boolean) => void;
}

let pending = $state<Pending | null>(null);
let opener: HTMLElement | null = null;

export const confirmState = {
  get current(): ConfirmQuestion | null {
    return pending;
  },
  get opener(): HTMLElement | null {
    return opener;
  },
  answer(ok: boolean): void {
    const was = pending;
    pending = null;
    was?.resolve(ok);
  },
};

export function confirmDialog(question: ConfirmQuestion): Promise<boolean> {
  // A second question while one is open: the first is answered "no".
  confirmState.answer(false);
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    pending = { ...question, resolve };
  });
}
