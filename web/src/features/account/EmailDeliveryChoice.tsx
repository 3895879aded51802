/** How notification e-mails arrive (docs/product.md#notifications): each as it happens, or one daily digest; saved at once. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_DELIVERIES, notificationCalls, type EmailDelivery } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { call, errorMessage } from '../../lib/api.ts';
import { accountMessages as text } from './messages.ts';

const DELIVERY_KEY = ['notification-email-delivery'];
const api = notificationCalls.notifications;
const label: Record<EmailDelivery, string> = { each: text.emailDeliveryEach, digest: text.emailDeliveryDigest };

export function EmailDeliveryChoice() {
  const queryClient = useQueryClient();
  const delivery = useQuery({ queryKey: DELIVERY_KEY, queryFn: () => call(api.emailDelivery) });
  const save = useMutation({
    mutationFn: (emailDelivery: EmailDelivery) => call(api.updateEmailDelivery, { emailDelivery }),
    onSuccess: (saved) => queryClient.setQueryData(DELIVERY_KEY, saved),
  });
  if (!delivery.data) return null;
  return (
    <fieldset className="email-delivery" data-testid="email-delivery">
      <legend>{text.emailDeliveryLegend}</legend>
      <FormError message={save.isError ? errorMessage(save.error, text.emailDeliveryFailed) : null} />
      {EMAIL_DELIVERIES.map((choice) => (
        <label key={choice} className="radio-choice">
          <input
            type="radio"
            name="email-delivery"
            value={choice}
            checked={delivery.data.emailDelivery === choice}
            disabled={save.isPending}
            onChange={() => save.mutate(choice)}
          />
          {label[choice]}
        </label>
      ))}
    </fieldset>
  );
}
