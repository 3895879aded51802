/**
 * Renders the toast queue with Radix Toast: 4 s each, region 'Notifications', close 'Close toast'. A toast with an
 * action (Undo) stays twice as long, so there is time to reach it (Radix also pauses while it is hovered or focused).
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS } from '@caravan/shared';
import { useToastStore } from '../lib/toastStore.ts';

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} label="Notifications">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          className={`toast toast-${toast.variant}`}
          duration={toast.action ? TOAST_DURATION_MS * 2 : undefined}
          onOpenChange={(open) => !open && dismiss(toast.id)}
        >
          <ToastPrimitive.Title className="toast-title">{toast.title}</ToastPrimitive.Title>
          {toast.action && (
            <ToastPrimitive.Action
              className="toast-action"
              altText={toast.action.altText}
              aria-label={toast.action.ariaLabel}
              onClick={toast.action.onAction}
            >
              {toast.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close className="toast-close" aria-label="Close toast">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="toast-viewport" label="Notifications" />
    </ToastPrimitive.Provider>
  );
}
