// TEMPORARY stand-in for the design system's confirmDialog (removed when it is merged).
export interface ConfirmQuestion {
  title: string;
  body: string;
  confirm: string;
  cancel?: string;
  danger?: boolean;
}
export function confirmDialog(question: ConfirmQuestion): Promise<boolean> {
  return Promise.resolve(window.confirm(`${question.title}\n${question.body}`));
}
