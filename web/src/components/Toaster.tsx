/** Renders the toast queue with Radix Toast: 4 s each, region 'Notifications', close 'Close toast'. */
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
          onOpenChange={(open) => !open && dismiss(toast.id)}
        >
          <ToastPrimitive.Title className="toast-title">{toast.title}</ToastPrimitive.Title>
          <ToastPrimitive.Close className="toast-close" aria-label="Close toast">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="toast-viewport" label="Notifications" />
    </ToastPrimitive.Provider>
  );
}
