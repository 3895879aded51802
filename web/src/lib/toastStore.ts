/** Toast notifications: at most 3 at once, newest last; one may carry an action (Undo). */
import { create } from 'zustand';
import { TOAST_LIMIT } from '@caravan/shared';

export interface ToastAction {
  label: string;
  /** Its name for assistive technology when the label alone is vague ("Undo moving Olympia"); it starts with the label. */
  ariaLabel?: string;
  /** What a screen reader user is told to do instead (Radix announces it in place of the button). */
  altText: string;
  onAction: () => void;
}

export interface Toast {
  id: number;
  title: string;
  variant: 'success' | 'error' | 'info';
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  show: (title: string, variant?: Toast['variant'], action?: ToastAction) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (title, variant = 'info', action) =>
    set((state) => ({ toasts: [...state.toasts, { id: nextId++, title, variant, action }].slice(-TOAST_LIMIT) })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function useToast() {
  const show = useToastStore((state) => state.show);
  return {
    success: (title: string) => show(title, 'success'),
    error: (title: string) => show(title, 'error'),
    info: (title: string) => show(title, 'info'),
  };
}
