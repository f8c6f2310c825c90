import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../lib/toast.ts';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './ui/toast.tsx';

/** SPEC section 9: 5000 ms, swipe threshold 50, hotkey F8, one visible. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <ToastProvider duration={5000} swipeThreshold={50} label={t('toast.region')}>
      {toasts.map((message) => (
        <Toast
          key={message.id}
          variant={message.variant}
          open={message.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{message.title}</ToastTitle>
            {message.description ? <ToastDescription>{message.description}</ToastDescription> : null}
          </div>
          <ToastClose label={t('toast.close')} />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} label={t('toast.viewport')} />
    </ToastProvider>
  );
}
